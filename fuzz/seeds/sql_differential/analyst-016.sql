SELECT region, sum(amount) AS revenue FROM sales GROUP BY region HAVING sum(amount) > 1000 ORDER BY revenue DESC
