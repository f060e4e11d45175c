<think>count</think>
```sql
SELECT count(*) FROM incidents;
```