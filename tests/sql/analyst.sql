-- Analyst-style SQL over the differential fixture (tests/all/sql/sql_differential.rs): sales
-- (order_id, region, product, channel, day, amount, qty, discount, note) and targets
-- (region, quarter, target). One statement per entry, each ending in `;` at the end of a
-- line. Every statement querycell answers must answer exactly as DuckDB does over the same
-- index; the test prints the ones it refuses, with their codes.

-- aggregates
SELECT region, count(*) AS orders, sum(amount) AS revenue, avg(amount) AS average FROM sales GROUP BY region ORDER BY region;
SELECT product, min(amount) AS smallest, max(amount) AS largest, median(amount) AS middle FROM sales GROUP BY product ORDER BY product;
SELECT channel, count(DISTINCT product) AS products, count(discount) AS discounted FROM sales GROUP BY channel ORDER BY channel;
SELECT region, sum(qty) FILTER (WHERE channel = 'online') AS online_units, sum(qty) FILTER (WHERE channel = 'store') AS store_units FROM sales GROUP BY ALL ORDER BY ALL;
SELECT region, quantile_cont(amount, 0.9) AS p90, quantile_disc(amount, 0.5) AS p50 FROM sales GROUP BY region ORDER BY region;
SELECT region, stddev_samp(amount) AS sd, var_pop(amount) AS variance FROM sales GROUP BY region ORDER BY region;
SELECT product, corr(qty, amount) AS correlation, covar_samp(qty, amount) AS covariance FROM sales GROUP BY product ORDER BY product;
SELECT product, regr_slope(amount, qty) AS slope, regr_intercept(amount, qty) AS intercept, regr_r2(amount, qty) AS r2 FROM sales GROUP BY product ORDER BY product;
SELECT region, skewness(amount) AS skew, kurtosis(amount) AS kurt, entropy(product) AS spread FROM sales GROUP BY region ORDER BY region;
SELECT region, min(product) AS first_product, arg_max(product, amount) AS biggest_product, arg_min(day, amount) AS smallest_day FROM sales GROUP BY region ORDER BY region;
SELECT region, string_agg(DISTINCT product, ',' ORDER BY product) AS products FROM sales GROUP BY region ORDER BY region;
SELECT region, bool_or(discount > 0.2) AS any_big_discount, bool_and(qty > 0) AS all_positive FROM sales GROUP BY region ORDER BY region;
SELECT region, count_if(channel = 'online') AS online, approx_count_distinct(product) AS products FROM sales GROUP BY region ORDER BY region;
SELECT date_trunc('month', day) AS month, sum(amount) AS revenue FROM sales GROUP BY month ORDER BY month;
SELECT year(day) AS y, quarter(day) AS q, count(*) AS orders FROM sales GROUP BY y, q ORDER BY y, q;
SELECT dayname(day) AS weekday, avg(qty) AS units FROM sales GROUP BY weekday ORDER BY weekday;
SELECT region, sum(amount) AS revenue FROM sales GROUP BY region HAVING sum(amount) > 1000 ORDER BY revenue DESC;
SELECT coalesce(region, 'unknown') AS region, count(*) AS orders FROM sales GROUP BY 1 ORDER BY 1;
SELECT CASE WHEN amount >= 500 THEN 'large' WHEN amount >= 100 THEN 'medium' ELSE 'small' END AS size, count(*) AS orders FROM sales GROUP BY size ORDER BY size;
SELECT region, round(avg(amount), 2) AS average, round(100.0 * sum(qty) / sum(sum(qty)) OVER (), 1) AS share_of_units FROM sales GROUP BY region ORDER BY region;
SELECT product, sum(amount) / nullif(sum(qty), 0) AS price_per_unit FROM sales GROUP BY product ORDER BY product;
SELECT count(*) AS orders, count(region) AS with_region, count(note) AS with_note FROM sales;
SELECT product, fsum(discount) AS discounts, product(qty) > 0 AS positive FROM sales WHERE qty < 4 GROUP BY product ORDER BY product;
SELECT region, mad(amount) AS mad, sem(amount) AS sem, kurtosis_pop(amount) AS kurt_pop FROM sales GROUP BY region ORDER BY region;
SELECT product, weighted_avg(amount, qty) AS weighted, favg(discount) AS average_discount FROM sales GROUP BY product ORDER BY product;
SELECT product, regr_count(amount, qty) AS n, regr_avgx(amount, qty) AS ax, regr_avgy(amount, qty) AS ay, regr_sxx(amount, qty) AS sxx, regr_syy(amount, qty) AS syy, regr_sxy(amount, qty) AS sxy FROM sales GROUP BY product ORDER BY product;
SELECT channel, bit_and(qty) AS band, bit_or(qty) AS bor, bit_xor(qty) AS bxor FROM sales GROUP BY channel ORDER BY channel;
SELECT product, arbitrary(channel) IS NOT NULL AS has_channel FROM sales GROUP BY product ORDER BY product;
SELECT bit_count(qty) AS bits, count(*) AS orders FROM sales GROUP BY bits ORDER BY bits;
SELECT chr(CAST(65 + qty AS INTEGER)) AS letter, unicode(product) AS code, count(*) AS n FROM sales GROUP BY ALL ORDER BY ALL;

-- grouping sets
SELECT region, channel, sum(amount) AS revenue FROM sales GROUP BY ROLLUP (region, channel) ORDER BY region NULLS LAST, channel NULLS LAST;
SELECT region, channel, count(*) AS orders FROM sales GROUP BY CUBE (region, channel) ORDER BY region NULLS LAST, channel NULLS LAST;
SELECT region, channel, count(*) AS orders FROM sales GROUP BY GROUPING SETS ((region), (channel), ()) ORDER BY region NULLS LAST, channel NULLS LAST;
SELECT region, channel, count(*) AS orders FROM sales GROUP BY GROUPING SETS (region, channel) ORDER BY region NULLS LAST, channel NULLS LAST;
SELECT region, channel, count(*) AS orders, grouping(region, channel) AS level FROM sales GROUP BY GROUPING SETS ((region, channel), region, ()) ORDER BY level, region NULLS LAST, channel NULLS LAST;
SELECT region, product, sum(qty) AS units, grouping_id(region, product) AS gid FROM sales GROUP BY ROLLUP (region, product) ORDER BY gid, region NULLS LAST, product NULLS LAST;
SELECT region, channel, product, count(*) AS n FROM sales GROUP BY GROUPING SETS (ROLLUP (region, channel), (product)) ORDER BY ALL NULLS LAST;
SELECT region, channel, count(*) AS n, grouping(region, channel) AS level FROM sales GROUP BY GROUPING SETS (CUBE (region, channel), GROUPING SETS ((product), ())) ORDER BY ALL NULLS LAST;

-- windows
SELECT order_id, region, amount, rank() OVER (PARTITION BY region ORDER BY amount DESC) AS position FROM sales ORDER BY region, position, order_id;
SELECT order_id, day, sum(amount) OVER (ORDER BY day, order_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM sales ORDER BY day, order_id;
SELECT order_id, amount, avg(amount) OVER (ORDER BY day, order_id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving FROM sales ORDER BY order_id;
SELECT order_id, amount - lag(amount) OVER (PARTITION BY product ORDER BY day, order_id) AS change FROM sales ORDER BY order_id;
SELECT order_id, lead(day, 1) OVER (PARTITION BY region ORDER BY day, order_id) AS next_day FROM sales ORDER BY order_id;
SELECT order_id, ntile(4) OVER (ORDER BY amount, order_id) AS quartile, percent_rank() OVER (ORDER BY amount, order_id) AS pr, cume_dist() OVER (ORDER BY amount) AS cd FROM sales ORDER BY order_id;
SELECT order_id, first_value(product) OVER w AS first_product, last_value(product) OVER w AS last_product FROM sales WINDOW w AS (PARTITION BY region ORDER BY day, order_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) ORDER BY order_id;
SELECT order_id, dense_rank() OVER (ORDER BY product) AS product_rank, row_number() OVER (PARTITION BY product ORDER BY order_id) AS nth FROM sales ORDER BY order_id;
SELECT region, product, sum(amount) AS revenue FROM sales GROUP BY region, product QUALIFY row_number() OVER (PARTITION BY region ORDER BY sum(amount) DESC, product) <= 2 ORDER BY region, revenue DESC;
SELECT order_id, last_value(discount IGNORE NULLS) OVER (ORDER BY order_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS filled FROM sales ORDER BY order_id;
SELECT order_id, last_value(discount IGNORE NULLS) OVER (ORDER BY order_id) AS filled FROM sales ORDER BY order_id;
SELECT order_id, lag(note, 1 IGNORE NULLS) OVER (ORDER BY order_id) AS previous_note, lead(note IGNORE NULLS) OVER (ORDER BY order_id) AS next_note FROM sales ORDER BY order_id;
SELECT order_id, first_value(region IGNORE NULLS) OVER (PARTITION BY product ORDER BY order_id) AS first_region FROM sales ORDER BY order_id;
SELECT order_id, sum(qty) OVER (ORDER BY order_id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) AS neighbours FROM sales ORDER BY order_id;
SELECT order_id, count(*) OVER (ORDER BY product RANGE BETWEEN CURRENT ROW AND CURRENT ROW EXCLUDE TIES) AS alone FROM sales ORDER BY order_id;
SELECT order_id, sum(qty) OVER (PARTITION BY region ORDER BY product GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE GROUP) AS before FROM sales ORDER BY order_id;
SELECT order_id, avg(qty) OVER (ORDER BY order_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE NO OTHERS) AS everyone FROM sales ORDER BY order_id;
SELECT order_id, sum(qty) OVER w AS others FROM sales WINDOW w AS (PARTITION BY region ORDER BY order_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) ORDER BY order_id;
SELECT order_id, nth_value(amount, 2) OVER (PARTITION BY region ORDER BY day, order_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS second FROM sales ORDER BY order_id;

-- subqueries
SELECT order_id, amount FROM sales WHERE amount > (SELECT avg(amount) FROM sales) ORDER BY order_id;
SELECT region, count(*) AS orders FROM sales s WHERE EXISTS (SELECT 1 FROM targets t WHERE t.region = s.region) GROUP BY region ORDER BY region;
SELECT region FROM targets WHERE region NOT IN (SELECT region FROM sales WHERE region IS NOT NULL AND channel = 'online') ORDER BY region;
SELECT product, revenue FROM (SELECT product, sum(amount) AS revenue FROM sales GROUP BY product) AS per_product WHERE revenue > 500 ORDER BY product;
WITH monthly AS (SELECT date_trunc('month', day) AS month, sum(amount) AS revenue FROM sales GROUP BY 1) SELECT month, revenue, revenue - lag(revenue) OVER (ORDER BY month) AS growth FROM monthly ORDER BY month;
WITH r AS (SELECT region, sum(amount) AS revenue FROM sales GROUP BY region), t AS (SELECT region, sum(target) AS target FROM targets GROUP BY region) SELECT r.region, r.revenue, t.target, r.revenue >= t.target AS met FROM r JOIN t USING (region) ORDER BY r.region;
SELECT s.order_id, (SELECT max(t.target) FROM targets t WHERE t.region = s.region) AS best_target FROM sales s ORDER BY s.order_id LIMIT 20;
SELECT order_id FROM sales WHERE amount > ALL (SELECT target / 100 FROM targets) ORDER BY order_id;
SELECT order_id FROM sales WHERE amount > ANY (SELECT target / 10 FROM targets WHERE region = 'North') ORDER BY order_id;
SELECT order_id FROM sales WHERE qty = SOME (SELECT 3 UNION SELECT 5) ORDER BY order_id;
SELECT order_id FROM sales WHERE (region, product) IN (SELECT region, 'P1' FROM targets) ORDER BY order_id;
SELECT order_id FROM sales WHERE (region, channel) NOT IN (SELECT region, 'online' FROM targets WHERE region IS NOT NULL) AND region IS NOT NULL ORDER BY order_id;
SELECT t.region, t.quarter, top.order_id FROM targets t, LATERAL (SELECT order_id FROM sales s WHERE s.region = t.region ORDER BY amount DESC, order_id LIMIT 1) AS top ORDER BY t.region, t.quarter;
SELECT t.region, best.revenue FROM targets t JOIN LATERAL (SELECT sum(amount) AS revenue FROM sales s WHERE s.region = t.region) AS best ON true ORDER BY t.region, t.quarter;
SELECT region FROM sales INTERSECT SELECT region FROM targets ORDER BY region;
SELECT product FROM sales WHERE channel = 'online' EXCEPT SELECT product FROM sales WHERE channel = 'store' ORDER BY product;
SELECT region, 'sales' AS source FROM sales UNION ALL SELECT region, 'targets' FROM targets ORDER BY region, source LIMIT 10;

-- joins, text and dates
SELECT s.region, t.quarter, sum(s.amount) AS revenue, max(t.target) AS target FROM sales s LEFT JOIN targets t ON t.region = s.region AND t.quarter = quarter(s.day) GROUP BY ALL ORDER BY ALL;
SELECT s.product, count(*) AS n FROM sales s FULL OUTER JOIN targets t ON s.region = t.region GROUP BY s.product ORDER BY s.product NULLS FIRST;
SELECT upper(region) AS region, lower(product) AS product, length(note) AS note_length FROM sales WHERE note IS NOT NULL ORDER BY order_id LIMIT 15;
SELECT order_id FROM sales WHERE product LIKE 'P%' AND note ILIKE '%RUSH%' ORDER BY order_id;
SELECT order_id, region COLLATE NOCASE AS r FROM sales WHERE region COLLATE NOCASE = 'north' ORDER BY order_id;
SELECT region FROM sales GROUP BY region ORDER BY region COLLATE NOCASE NULLS LAST;
SELECT order_id, day + INTERVAL 30 DAY AS due, date_diff('day', DATE '2025-01-01', day) AS age FROM sales ORDER BY order_id LIMIT 10;
SELECT strftime(day, '%Y-%m') AS month, count(*) AS orders FROM sales GROUP BY month ORDER BY month;
SELECT order_id, day FROM sales WHERE day BETWEEN DATE '2025-02-01' AND DATE '2025-02-28' ORDER BY day, order_id;
SELECT count(*) AS recent FROM sales WHERE day >= DATE '2025-03-01' - INTERVAL 10 DAY;
SELECT region, count(*) AS top FROM sales GROUP BY region ORDER BY region;
SELECT DISTINCT ON (region) region, order_id, amount FROM sales ORDER BY region, amount DESC, order_id;
FROM sales SELECT region, count(*) AS n GROUP BY region ORDER BY region;
SELECT order_id, amount FROM sales ORDER BY amount DESC, order_id LIMIT 5 OFFSET 5;
SELECT CAST(amount AS INTEGER) AS whole, TRY_CAST(note AS INTEGER) AS number FROM sales ORDER BY order_id LIMIT 10;
SELECT order_id, amount::DOUBLE / qty AS unit_price FROM sales WHERE qty > 0 ORDER BY order_id LIMIT 10;
SELECT region, product, amount FROM sales WHERE amount = 123.45 OR amount > 999999999999999999.5 OR qty = 3000000000 ORDER BY order_id;
SELECT order_id, region IS NULL AS missing_region, discount IS NOT DISTINCT FROM NULL AS no_discount FROM sales ORDER BY order_id LIMIT 25;
SELECT greatest(qty, 3) AS at_least_three, least(amount, 100) AS capped, abs(discount - 0.1) AS off FROM sales ORDER BY order_id LIMIT 10;
