import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { CorporatePathParams } from '@enviro/contracts/corporates';
import { AdminUser, BulkUserResult, EntityAccessInput, NewUser, NewUsers, UserActivityPage, UserActivityQuery, UserListQuery, UserModules, UserPage, UserPatch, UserPathParams, UserTenantStatusInput, UserTenantStatusResult, UserUpdate } from '@enviro/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../platform/access/route-access.ts';
import type { UsersModule } from './users.module.ts';

const TAGS = ['users'];

/**
 * Writes: site administrators, any app's administrators (role admin), and site staff acting as an
 * industry; the service keeps each to the tenants they administer and refuses site support and
 * operations staff.
 */
const USER_WRITE: RouteAccess = ['siteAdmin', 'userAdmin', 'siteManaging'];
const WRITE_ERRORS = { ...ERROR_RESPONSES, 409: ApiError };

export const adminUserRoutes: FastifyPluginAsyncZod<UsersModule> = async (app, { admin: users }) => {
  app.get(
    '/api/users',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Users the caller may read, filtered, sorted and paged; with id, that one user',
        description:
          'Administrators see the users of the tenants they administer (site staff: every tenant they may act for); ' +
          'anyone else sees only themself. corporateId is for site users only (SPEC 6); others get 400 naming it.',
        querystring: UserListQuery,
        response: { 200: z.union([UserPage, AdminUser]), ...ERROR_RESPONSES },
      },
    },
    async (request) => users.list(request.auth, request.query),
  );

  app.post(
    '/api/user',
    {
      config: { access: USER_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Create a user; without a password the user is sent an invite',
        description:
          "The user type is the tenant's; the role must be one of the type's and not above the caller's own. " +
          'tenantId defaults to the tenant the request acts for.',
        body: NewUser,
        response: { 201: AdminUser, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(request.auth, request.body)),
  );

  app.post(
    '/api/users',
    {
      config: { access: USER_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Create many users: good rows are created, bad rows refused with field and reason',
        description: 'Each row is a POST /api/user body, checked on its own and created in its own transaction.',
        body: NewUsers,
        response: { 200: BulkUserResult, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.createMany(request.auth, request.body),
  );

  app.get(
    '/api/users/activity',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Sign-ins and changes of the users the caller may read, newest first, paged',
        querystring: UserActivityQuery,
        response: { 200: UserActivityPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.activity(request.auth, request.query),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: USER_WRITE },
      schema: {
        tags: TAGS,
        summary: "Edit a user's name, phone, role and corporate (the email changes through POST /api/users/{id}/{email})",
        params: UserPathParams,
        body: UserUpdate,
        response: { 200: AdminUser, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.update(request.auth, request.params.id, request.body),
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: USER_WRITE },
      schema: {
        tags: TAGS,
        summary: "Enable or disable a user with [{op: 'SET', att: 'status', value}]; disabling ends their sessions",
        params: UserPathParams,
        body: UserPatch,
        response: { 200: AdminUser, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.patch(request.auth, request.params.id, request.body),
  );

  app.get(
    '/api/users/:id/modules',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'The modules (menu items) a user may use: the caller\'s own, or those of a user the caller may read',
        params: UserPathParams,
        response: { 200: UserModules, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.modules(request.auth, request.params.id),
  );

  app.get(
    '/api/corporates/:id/users/primary',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A corporate's primary users, among the users the caller may read",
        params: CorporatePathParams,
        response: { 200: z.array(AdminUser), ...ERROR_RESPONSES },
      },
    },
    async (request) => users.primaryUsers(request.auth, request.params.id),
  );

  app.put(
    '/api/entityaccesforuser/:id',
    {
      config: { access: USER_WRITE },
      schema: {
        tags: TAGS,
        summary: 'Limit a user to some stations and facilities of their tenant (with descendants); an empty list lifts the limit',
        description:
          "A limited user's entity tree, entity reads and data requests (metric, recent, raw) see only those entities " +
          'and their descendants; any other entity of the tenant answers 404.',
        params: UserPathParams,
        body: EntityAccessInput,
        response: { 200: AdminUser, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.setEntityAccess(request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/userTenantStatus',
    {
      config: { access: 'siteAdmin' },
      schema: {
        tags: TAGS,
        summary: 'Enable or disable every user of a tenant at once (site administrators)',
        description:
          'For closing or reopening a tenant: every user of the tenant not already in the status gets it, each change ' +
          "audited per user; disabled users' sessions end at once. The administrator's own tenant cannot be disabled this way.",
        body: UserTenantStatusInput,
        response: { 200: UserTenantStatusResult, ...ERROR_RESPONSES },
      },
    },
    async (request) => users.tenantStatus(request.auth, request.body),
  );
};
