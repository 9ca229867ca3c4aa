module github.com/anamnesis-go/anamnesis/integration

go 1.26.0
