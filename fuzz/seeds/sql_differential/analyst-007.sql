SELECT product, regr_slope(amount, qty) AS slope, regr_intercept(amount, qty) AS intercept, regr_r2(amount, qty) AS r2 FROM sales GROUP BY product ORDER BY product
