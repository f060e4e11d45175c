SELECT order_id, day + INTERVAL 30 DAY AS due, date_diff('day', DATE '2025-01-01', day) AS age FROM sales ORDER BY order_id LIMIT 10
