SELECT region, product, sum(qty) AS units, grouping_id(region, product) AS gid FROM sales GROUP BY ROLLUP (region, product) ORDER BY gid, region NULLS LAST, product NULLS LAST
