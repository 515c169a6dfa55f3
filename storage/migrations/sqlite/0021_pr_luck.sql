-- PR and luck (ai/luck.py, docs/ai.md "PR and luck"): each player's luck in an analysed game
-- (the sum over their rolls of the roll's equity less the mean of the 21 rolls', in points
-- for the roller), how many of their rolls were judged (0: an analysis stored before luck
-- was judged), and their result in points (+ won, - lost), for the luck-adjusted result.
-- PR needs no column: 500 x total_loss / decisions.
ALTER TABLE analysis_figures ADD COLUMN luck REAL NOT NULL DEFAULT 0;
ALTER TABLE analysis_figures ADD COLUMN luck_rolls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analysis_figures ADD COLUMN result REAL NOT NULL DEFAULT 0;
