SELECT team desc FROM incidents
