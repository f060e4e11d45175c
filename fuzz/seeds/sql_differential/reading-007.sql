SELECT team COLLATE nocase FROM incidents
