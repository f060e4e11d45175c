SELECT * FROM sales WHERE amount > 100.005
