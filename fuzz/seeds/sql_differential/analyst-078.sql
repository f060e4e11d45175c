SELECT strftime(day, '%Y-%m') AS month, count(*) AS orders FROM sales GROUP BY month ORDER BY month
