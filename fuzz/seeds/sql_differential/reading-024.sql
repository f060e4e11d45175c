SELECT count(*) FROM incidents WHERE resolved = true AND severity <> 'P1'
