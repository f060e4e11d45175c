SELECT date_trunc('month', day) AS month, sum(amount) AS revenue FROM sales GROUP BY month ORDER BY month
