module github.com/bulwark-sec/bulwark

go 1.26
