import {
  bankInformationEndpoint,
  cancelBankChangeEndpoint,
  confirmBankChangeEndpoint,
  requestBankChangeEndpoint,
} from '@portal/contracts/bank-information-endpoints';
import type { FastifyRequest } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import {
  bankInformation,
  cancelBankChange,
  confirmBankChange,
  requestBankChange,
  type BankActor,
} from './service.js';

/** The bank information page, as declared in `@portal/contracts/bank-information-endpoints`. */
export const bankInformationRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const settings = { publicUrl: config.publicUrl };
  const actorOf = (request: FastifyRequest): BankActor => ({
    merchantId: currentMerchantId(request),
    userId: request.principal.userId,
    email: request.principal.email,
    audit: auditContextOf(request),
  });

  route(app, bankInformationEndpoint, async (request) => ({
    data: await bankInformation(db, currentMerchantId(request), request.principal.userId),
  }));

  route(app, requestBankChangeEndpoint, async (request) => {
    const data = await requestBankChange(db, actorOf(request), request.body, settings);
    app.mail.deliverSoon();
    return { data };
  });

  route(app, confirmBankChangeEndpoint, async (request) => {
    const data = await confirmBankChange(db, actorOf(request), request.body, settings);
    app.mail.deliverSoon();
    return { data };
  });

  route(app, cancelBankChangeEndpoint, async (request) => ({
    data: await cancelBankChange(db, actorOf(request), request.body.requestId),
  }));

  done();
};
