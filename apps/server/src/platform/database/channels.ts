/**
 * PostgreSQL NOTIFY channels between server instances. A change committed by one server reaches
 * every server listening, so caches held in memory do not outlive what they stand for.
 */

/** Payload: an access token revoked or changed (rotated, device removed, remounted, edited): drop it from the token cache. */
export const CREDENTIAL_CHANNEL = 'enviro_device_credentials';
