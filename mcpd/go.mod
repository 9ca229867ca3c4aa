module github.com/anamnesis-go/anamnesis/mcpd

go 1.26.0
