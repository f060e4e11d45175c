SELECT region, mad(amount) AS mad, sem(amount) AS sem, kurtosis_pop(amount) AS kurt_pop FROM sales GROUP BY region ORDER BY region
