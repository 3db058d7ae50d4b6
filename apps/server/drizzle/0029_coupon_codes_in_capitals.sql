-- Coupon codes are compared whatever their case (coupons_code_lower_unique) and now kept in
-- capitals, as the app writes them in its messages and as tenants copy them from the banner.
UPDATE "coupons" SET "code" = upper("code") WHERE "code" <> upper("code");
