-- The occupancy figures kept by the release before counted a vacant unlisted apartment as a room
-- to let. They are a cache of one building day: dropped here, the next read works them out again
-- the way the app counts now (apartments.service.ts occupancyByBlock).
DELETE FROM "occupancy_figures";
