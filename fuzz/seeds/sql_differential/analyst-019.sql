SELECT region, round(avg(amount), 2) AS average, round(100.0 * sum(qty) / sum(sum(qty)) OVER (), 1) AS share_of_units FROM sales GROUP BY region ORDER BY region
