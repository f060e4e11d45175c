SELECT region, channel, product, count(*) AS n FROM sales GROUP BY GROUPING SETS (ROLLUP (region, channel), (product)) ORDER BY ALL NULLS LAST
