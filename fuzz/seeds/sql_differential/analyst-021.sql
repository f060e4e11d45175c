SELECT count(*) AS orders, count(region) AS with_region, count(note) AS with_note FROM sales
