module github.com/handaudit/handaudit

go 1.26
