import { z } from '../zod';

/**
 * Account and user bodies, exactly as the site and the launcher send them (spec §7 "Account" and "User",
 * LAUNCHER-API.md §2). Field presence and types are checked here; the rules with their own messages
 * (password, username, email) are the account service's domain, so every client sees the same sentence.
 */
export const credentialsBodySchema = z.object({ username: z.string(), password: z.string() }).openapi('Credentials');
export type CredentialsBody = z.infer<typeof credentialsBodySchema>;

export const registerUserBodySchema = z
  .object({ username: z.string(), email: z.string(), password: z.string() })
  .openapi('RegisterUser');
export type RegisterUserBody = z.infer<typeof registerUserBodySchema>;

export const refreshTokenBodySchema = z
  .object({ refreshToken: z.string().min(1), username: z.string().min(1) })
  .openapi('RefreshToken');
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: z.string() }).openapi('ForgotPassword');
export const emailQuerySchema = z.object({ email: z.string() });

export const changePasswordBodySchema = z
  .object({ email: z.string(), password: z.string(), code: z.string() })
  .openapi('ChangePassword');
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const usernameQuerySchema = z.object({ username: z.string() });
export const patreonCodeQuerySchema = z.object({ code: z.string().min(1, 'code is required') });
export const userNameParamsSchema = z.object({ name: z.string().min(1) });

/** What a successful login or refresh answers; the frontend stores it in the authToken cookie. */
export const tokenResponseSchema = z
  .object({ access_token: z.string(), refresh_token: z.string(), role: z.string() })
  .openapi('TokenResponse');
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A failed login, in the OAuth shape the frontend and launcher read (plus the house `message`). */
export const invalidGrantSchema = z
  .object({ error: z.literal('invalid_grant'), error_description: z.string(), message: z.string() })
  .openapi('InvalidGrant');

export const messageResponseSchema = z.object({ message: z.string() }).openapi('MessageResponse');
export const usernameAvailabilitySchema = z
  .object({ username: z.string(), available: z.boolean() })
  .openapi('UsernameAvailability');
export const accountStatusSchema = z.object({ status: z.literal('online') }).openapi('AccountStatus');

/** The signed-in user as `GET /user/active` answers it (the season service adds participations). */
export const activeUserSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    roles: z.array(z.string()),
    isPatreonConnected: z.boolean(),
  })
  .openapi('ActiveUser');
export type ActiveUser = z.infer<typeof activeUserSchema>;

export const socialsSchema = z
  .object({ username: z.string(), twitchUrl: z.string().nullable(), youtubeUrl: z.string().nullable() })
  .openapi('Socials');
export type Socials = z.infer<typeof socialsSchema>;

/** Empty strings and null both clear a link. */
export const socialsBodySchema = z
  .object({
    username: z.string().min(1),
    twitchUrl: z.string().nullable().optional(),
    youtubeUrl: z.string().nullable().optional(),
  })
  .openapi('SocialsUpdate');
export type SocialsBody = z.infer<typeof socialsBodySchema>;

export const rolesResponseSchema = z.array(z.string()).openapi('Roles');
export const supportersResponseSchema = z.array(z.string()).openapi('Supporters');
