SELECT order_id, region, amount, rank() OVER (PARTITION BY region ORDER BY amount DESC) AS position FROM sales ORDER BY region, position, order_id
