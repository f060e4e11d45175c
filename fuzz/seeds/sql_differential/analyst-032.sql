SELECT region, channel, count(*) AS orders FROM sales GROUP BY GROUPING SETS ((region), (channel), ()) ORDER BY region NULLS LAST, channel NULLS LAST
