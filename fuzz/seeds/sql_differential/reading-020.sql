SELECT sum(amount) FROM sales WHERE discount = 0.1
