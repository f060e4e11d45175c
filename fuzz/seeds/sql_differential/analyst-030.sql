SELECT region, channel, sum(amount) AS revenue FROM sales GROUP BY ROLLUP (region, channel) ORDER BY region NULLS LAST, channel NULLS LAST
