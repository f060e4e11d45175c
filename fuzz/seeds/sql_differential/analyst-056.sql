SELECT region FROM targets WHERE region NOT IN (SELECT region FROM sales WHERE region IS NOT NULL AND channel = 'online') ORDER BY region
