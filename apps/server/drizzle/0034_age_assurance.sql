-- Age assurance where the law asks for it (issue 31, ADR 0030).
CREATE TYPE "public"."age_rule_kind" AS ENUM('none', 'self-declaration', 'assurance');
--> statement-breakpoint
CREATE TABLE "age_rules" (
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"rule" "age_rule_kind" NOT NULL,
	"law" text DEFAULT '' NOT NULL,
	"in_force_since" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "age_rules_country_region_pk" PRIMARY KEY("country","region"),
	CONSTRAINT "age_rules_country_check" CHECK ("age_rules"."country" ~ '^([A-Z]{2}|\*)$'),
	CONSTRAINT "age_rules_region_check" CHECK ("age_rules"."region" ~ '^[A-Z0-9]{0,3}$' and ("age_rules"."country" <> '*' or "age_rules"."region" = ''))
);
--> statement-breakpoint
ALTER TABLE "age_rules" ADD CONSTRAINT "age_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "age_assurance_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"user_id" bigint,
	"return_to" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "age_assurance_requests" ADD CONSTRAINT "age_assurance_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_assured_until" timestamp with time zone;
--> statement-breakpoint
-- The laws in force on 2026-11-28, each with its start date (sources in docs/decisions/0030-age-assurance.md).
-- The US laws apply to sites whose material is a substantial share (most say a third) harmful to minors.
-- The fallback is 'none': an operator without a geolocation database decides what unknown places get.
INSERT INTO "age_rules" ("country", "region", "rule", "law", "in_force_since") VALUES
('GB', '', 'assurance', 'Online Safety Act 2023, Part 5 (Ofcom: highly effective age assurance)', DATE '2025-07-25'),
('FR', '', 'assurance', 'Loi SREN n° 2024-449 (Arcom: référentiel technique, double anonymity)', DATE '2025-01-11'),
('IT', '', 'assurance', 'Decreto Caivano (Law 159/2023, art. 13-bis); AGCOM resolution 96/25/CONS', DATE '2025-11-12'),
('US', 'LA', 'assurance', 'Act 440 (2022)', DATE '2023-01-01'),
('US', 'UT', 'assurance', 'SB 287', DATE '2023-05-03'),
('US', 'MS', 'assurance', 'SB 2346', DATE '2023-07-01'),
('US', 'VA', 'assurance', 'SB 1515', DATE '2023-07-01'),
('US', 'AR', 'assurance', 'SB 66 (Act 612)', DATE '2023-07-31'),
('US', 'TX', 'assurance', 'HB 1181', DATE '2023-09-01'),
('US', 'MT', 'assurance', 'SB 544', DATE '2024-01-01'),
('US', 'NC', 'assurance', 'HB 8', DATE '2024-01-01'),
('US', 'IN', 'assurance', 'SEA 17', DATE '2024-07-01'),
('US', 'SC', 'assurance', 'HB 3424', DATE '2024-05-29'),
('US', 'ID', 'assurance', 'H 498', DATE '2024-07-01'),
('US', 'KS', 'assurance', 'SB 394', DATE '2024-07-01'),
('US', 'KY', 'assurance', 'HB 278', DATE '2024-07-15'),
('US', 'NE', 'assurance', 'LB 1092', DATE '2024-07-18'),
('US', 'AL', 'assurance', 'HB 164', DATE '2024-10-01'),
('US', 'OK', 'assurance', 'SB 1959', DATE '2024-11-01'),
('US', 'FL', 'assurance', 'HB 3', DATE '2025-01-01'),
('US', 'TN', 'assurance', 'Protect Tennessee Minors Act (SB 1792)', DATE '2025-01-01'),
('US', 'GA', 'assurance', 'SB 351', DATE '2025-07-01'),
('US', 'SD', 'assurance', 'HB 1053', DATE '2025-07-01'),
('US', 'WY', 'assurance', 'HB 43', DATE '2025-07-01'),
('US', 'ND', 'assurance', 'HB 1561', DATE '2025-08-01'),
('US', 'AZ', 'assurance', 'HB 2112', DATE '2025-09-26'),
('US', 'OH', 'assurance', 'HB 96 (age verification for material harmful to juveniles)', DATE '2025-09-30'),
('US', 'MO', 'assurance', 'Merchandising Practices Act rule 15 CSR 60-17', DATE '2025-11-30'),
('*', '', 'none', 'Fallback: places the lookup cannot tell (no geolocation database, a private address)', NULL);
