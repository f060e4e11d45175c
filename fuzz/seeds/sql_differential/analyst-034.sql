SELECT region, channel, count(*) AS orders, grouping(region, channel) AS level FROM sales GROUP BY GROUPING SETS ((region, channel), region, ()) ORDER BY level, region NULLS LAST, channel NULLS LAST
