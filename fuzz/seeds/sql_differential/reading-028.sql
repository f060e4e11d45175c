SELECT region, sum(headcount) FROM teams GROUP BY ROLLUP (region)
