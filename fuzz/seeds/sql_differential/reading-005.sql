SELECT team x FROM incidents
