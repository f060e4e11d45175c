SELECT order_id FROM sales WHERE amount > ANY (SELECT target / 10 FROM targets WHERE region = 'North') ORDER BY order_id
