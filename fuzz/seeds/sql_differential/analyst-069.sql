SELECT product FROM sales WHERE channel = 'online' EXCEPT SELECT product FROM sales WHERE channel = 'store' ORDER BY product
