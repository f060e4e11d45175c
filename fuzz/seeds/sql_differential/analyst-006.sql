SELECT product, corr(qty, amount) AS correlation, covar_samp(qty, amount) AS covariance FROM sales GROUP BY product ORDER BY product
