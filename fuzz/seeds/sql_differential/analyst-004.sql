SELECT region, quantile_cont(amount, 0.9) AS p90, quantile_disc(amount, 0.5) AS p50 FROM sales GROUP BY region ORDER BY region
