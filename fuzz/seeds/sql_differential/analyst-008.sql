SELECT region, skewness(amount) AS skew, kurtosis(amount) AS kurt, entropy(product) AS spread FROM sales GROUP BY region ORDER BY region
