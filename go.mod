module github.com/term2048/2048

go 1.26
