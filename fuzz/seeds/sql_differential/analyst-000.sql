SELECT region, count(*) AS orders, sum(amount) AS revenue, avg(amount) AS average FROM sales GROUP BY region ORDER BY region
