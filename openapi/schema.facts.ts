// Generated from openapi/schema.yaml by `npm run api:types`; do not edit.

/** Paths whose operations all say `security: []`: no bearer token, no refresh. */
export const ANONYMOUS_PATHS: ReadonlySet<string> = new Set([
  "/api/v1/token",
  "/api/v1/token/refresh",
  "/api/v1/token/blacklist",
  "/api/v1/register/",
  "/api/v1/verify-email/",
  "/api/v1/schema/",
  "/api/v1/health/"
]);

/** Field patterns with the message the server answers when one fails (`x-pattern-message`). */
export const FIELD_PATTERNS = {
  "ProfileUpdate": {
    "phone": {
      "pattern": "^(\\+\\d{7,15})?$",
      "message": "Phone number must be a valid international format starting with + and contain 7-15 digits"
    }
  }
} as const;

/**
 * Bounds of schema fields written on the field itself (`maxItems`, `maxLength`, `maximum`, …); for
 * an amount, `maximumCents` is its `x-maximum` in cents.
 */
export const FIELD_LIMITS = {
  "ValidationErrors": {
    "non_field_errors": {
      "maxItems": 51
    }
  },
  "LoginRequest": {
    "email": {
      "maxLength": 254
    },
    "password": {
      "maxLength": 128
    }
  },
  "RefreshRequest": {
    "refresh": {
      "maxLength": 2000
    }
  },
  "RegisterRequest": {
    "email": {
      "maxLength": 254
    },
    "raw_password": {
      "minLength": 8,
      "maxLength": 128
    },
    "first_name": {
      "maxLength": 150
    },
    "last_name": {
      "maxLength": 150
    }
  },
  "ProfileUpdate": {
    "first_name": {
      "maxLength": 150
    },
    "last_name": {
      "maxLength": 150
    },
    "phone": {
      "maxLength": 16
    },
    "company": {
      "maxLength": 200
    }
  },
  "Offer": {
    "version": {
      "minimum": 1
    }
  },
  "PublishRequest": {
    "offer_ids": {
      "minItems": 1,
      "maxItems": 500
    }
  },
  "OfferChange": {
    "product": {
      "minLength": 1,
      "maxLength": 200
    },
    "unit_price": {
      "maximumCents": 100000000
    },
    "version": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "OfferConflict": {
    "offers": {
      "minItems": 1
    }
  },
  "UploadDuplicate": {
    "count": {
      "minimum": 1
    }
  },
  "BulkUpdateRequest": {
    "offers": {
      "minItems": 1,
      "maxItems": 500
    }
  },
  "AvailabilityRequest": {
    "offer_ids": {
      "minItems": 1,
      "maxItems": 500
    }
  },
  "CartItem": {
    "quantity": {
      "minimum": 1
    }
  },
  "CartAddRequest": {
    "quantity": {
      "minimum": 1,
      "maximum": 100000
    }
  },
  "CartUpdateRequest": {
    "quantity": {
      "minimum": 1,
      "maximum": 100000
    }
  },
  "CheckoutRequest": {
    "cart_item_ids": {
      "minItems": 1,
      "maxItems": 500
    },
    "note": {
      "maxLength": 2000
    }
  },
  "SpecialPriceRequest": {
    "quantity": {
      "minimum": 1,
      "maximum": 100000
    },
    "note": {
      "maxLength": 2000
    }
  },
  "CounterLine": {
    "unit_price": {
      "maximumCents": 100000000
    },
    "quantity": {
      "minimum": 1,
      "maximum": 100000
    }
  },
  "CounterRequest": {
    "lines": {
      "minItems": 1,
      "maxItems": 500
    },
    "note": {
      "maxLength": 2000
    }
  },
  "CounterResponseRequest": {
    "note": {
      "maxLength": 2000
    }
  },
  "CancelRequest": {
    "reason": {
      "maxLength": 2000
    }
  },
  "InvoiceCreateRequest": {
    "order_ids": {
      "minItems": 1,
      "maxItems": 500
    }
  }
} as const;

/** Bounds of query parameters written on the operation itself, by operation id. */
export const QUERY_LIMITS = {
  "verifyEmail": {
    "token": {
      "maxLength": 200
    }
  },
  "listInvoices": {
    "search": {
      "maxLength": 200
    }
  },
  "readSchema": {
    "lang": {
      "maxLength": 20
    }
  }
} as const;

/** Bounds of the parameters several operations share (`components.parameters`: `Limit`, `Search`, …). */
export const PARAMETER_LIMITS = {
  "Limit": {
    "minimum": 1,
    "maximum": 100
  },
  "Offset": {
    "minimum": 0,
    "maximum": 2147483647
  },
  "Search": {
    "maxLength": 200
  }
} as const;

/** The values of each enumeration schema, for lists and forms that offer or accept them. */
export const SCHEMA_ENUMS = {
  "Permission": [
    "add_offer",
    "change_offer",
    "delete_offer"
  ],
  "OfferType": [
    "regular",
    "promo"
  ],
  "PublishType": [
    "published",
    "unpublished"
  ],
  "OfferOrdering": [
    "start_date",
    "-start_date",
    "end_date",
    "-end_date",
    "unit_price",
    "-unit_price",
    "product",
    "-product",
    "publish_date",
    "-publish_date",
    "created_at",
    "-created_at"
  ],
  "OfferUpdateSource": [
    "row_edit",
    "bulk_update",
    "paste",
    "fill"
  ],
  "OfferChangeSource": [
    "row_edit",
    "bulk_update",
    "paste",
    "fill",
    "upload",
    "publish",
    "withdraw",
    "revert"
  ],
  "AvailabilityStatus": [
    "available",
    "withdrawn",
    "ended",
    "not_found"
  ],
  "OrderStatus": [
    "in_progress",
    "completed",
    "cancelled"
  ],
  "Negotiation": [
    "none",
    "special_price_requested",
    "counter_proposed",
    "counter_accepted",
    "counter_declined"
  ],
  "OrderOrdering": [
    "created_at",
    "-created_at",
    "updated_at",
    "-updated_at",
    "total",
    "-total"
  ],
  "InvoiceStatus": [
    "issued",
    "cancelled"
  ],
  "PaymentStatus": [
    "paid",
    "unpaid",
    "overdue"
  ],
  "InvoiceOrdering": [
    "due_date",
    "-due_date",
    "payment_date",
    "-payment_date",
    "issued_at",
    "-issued_at",
    "total",
    "-total",
    "number",
    "-number"
  ]
} as const;

/** Names of the fields that hold `Money` in any schema (and nothing else in any other). */
export const MONEY_FIELDS = ["counter_unit_price","list_unit_price","price","total","total_price","unit_price"] as const;

/**
 * An answer as the app holds it once its amounts are read (src/api/read-money.ts): every money
 * field in integer cents, NaN where the amount could not be read; `null` stays `null`.
 */
export type Read<T> = T extends readonly (infer Item)[]
  ? Read<Item>[]
  : T extends object
    ? { [K in keyof T]: K extends (typeof MONEY_FIELDS)[number] ? Exclude<T[K], string> | number : Read<T[K]> }
    : T;
