-- The staff roles (docs/product.md#roles-and-permissions): FINANCE, COMMUNICATIONS, SPONSORSHIP and VOLUNTEER join ADMIN, DONOR and USER.
ALTER TABLE "users" DROP CONSTRAINT "users_roles_valid";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles_valid" CHECK ("users"."roles" <@ ARRAY['ADMIN','FINANCE','COMMUNICATIONS','SPONSORSHIP','VOLUNTEER','DONOR','USER']::text[] AND cardinality("users"."roles") >= 1);
