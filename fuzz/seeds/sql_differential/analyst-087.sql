SELECT region, product, amount FROM sales WHERE amount = 123.45 OR amount > 999999999999999999.5 OR qty = 3000000000 ORDER BY order_id
