SELECT region FROM sales INTERSECT SELECT region FROM targets ORDER BY region
