module github.com/anamnesis-go/anamnesis/syncd

go 1.26.0
