SELECT greatest(qty, 3) AS at_least_three, least(amount, 100) AS capped, abs(discount - 0.1) AS off FROM sales ORDER BY order_id LIMIT 10
