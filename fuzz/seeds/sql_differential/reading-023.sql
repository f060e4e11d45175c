SELECT count(*) FROM sales WHERE qty > 2147483648
