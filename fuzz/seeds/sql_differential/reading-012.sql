FROM incidents SELECT team, count(*) GROUP BY team
