-- Reference data every installation needs: roles (SPEC §6), price types, plans with their limits
-- (DESIGN decision 7) and the six plan prices. Operators change prices in plan_prices (README).
INSERT INTO "roles" ("id", "name") VALUES (1, 'Publisher'), (2, 'Author'), (3, 'Student'), (4, 'Other');
--> statement-breakpoint
INSERT INTO "price_types" ("id", "name", "is_free") VALUES (1, 'Free', true), (2, 'Paid', false);
--> statement-breakpoint
INSERT INTO "plans" ("id", "name", "max_products", "max_contacts", "sort_order") VALUES
  (1, 'Kickstarter', 1, 250, 1),
  (2, 'Basic', 3, 10000, 2),
  (3, 'Growth', 15, 25000, 3);
--> statement-breakpoint
-- Annual is twelve months at 20% off: 12 x monthly x 0.8.
INSERT INTO "plan_prices" ("id", "plan_id", "category", "billing_type", "months", "amount_cents", "currency") VALUES
  (1, 1, 'MonthlyKickstart', 'monthly', 1, 3900, 'USD'),
  (2, 1, 'AnnualKickstart', 'annual', 12, 37440, 'USD'),
  (3, 2, 'MonthlyBasic', 'monthly', 1, 9900, 'USD'),
  (4, 2, 'AnnualBasic', 'annual', 12, 95040, 'USD'),
  (5, 3, 'MonthlyGrowth', 'monthly', 1, 19900, 'USD'),
  (6, 3, 'AnnualGrowth', 'annual', 12, 191040, 'USD');
