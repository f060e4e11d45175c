SELECT team FROM incidents WHERE team LIKE 'p%' OR team ILIKE 'D%'
