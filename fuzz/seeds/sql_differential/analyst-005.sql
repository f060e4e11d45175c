SELECT region, stddev_samp(amount) AS sd, var_pop(amount) AS variance FROM sales GROUP BY region ORDER BY region
