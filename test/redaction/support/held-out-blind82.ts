/** An eighty-second held-out batch, written blind: credentials in the less common configuration languages and config idioms (Nix/NixOS/home-manager, Dhall, CUE, Jsonnet, Pkl, KCL, HCL for Terraform/Nomad/Packer/Consul, Starlark/Bazel, Elixir, Erlang, Clojure, HOCON, Gradle, sbt, Lua, Perl, R, Julia, PowerShell DSC, Hiera, Chef, Salt, Ansible inventories, systemd, launchd, .reg, INI/TOML/properties dialects), and look-alikes that hold only references, encrypted values, lock-file and download hashes, store paths and public keys. */
export const BLIND82_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'dsl82-nixos-postgres-initial-script-role-password',
    "  services.postgresql = {\n    enable = true;\n    ensureDatabases = [ \"gitea\" ];\n    initialScript = pkgs.writeText \"init.sql\" ''\n      CREATE ROLE gitea WITH LOGIN PASSWORD '«{a10}^{a8}»';\n    '';\n  };",
  ],
  [
    'dsl82-nixos-environment-variables-openai-legacy-key',
    '{ config, pkgs, ... }:\n{\n  environment.variables = {\n    EDITOR = "nvim";\n    OPENAI_API_KEY = "«sk-{a20}T3BlbkFJ{a20}»";\n  };\n}',
  ],
  [
    'dsl82-nix-conf-access-tokens-github-and-gitlab',
    '# /etc/nix/nix.conf\nexperimental-features = nix-command flakes\nmax-jobs = auto\naccess-tokens = github.com=«github_pat_11{u20}_{a59}» gitlab.com=PAT:«glpat-{B20}»',
  ],
  [
    'dsl82-home-manager-git-sendemail-smtppass',
    '  programs.git = {\n    enable = true;\n    userName = "Mira Kowalski";\n    extraConfig.sendemail = {\n      smtpserver = "smtp.fastmail.com";\n      smtpuser = "mira@fastmail.com";\n      smtpencryption = "ssl";\n      smtppass = "«{a12}!{a6}»";\n    };\n  };',
  ],
  [
    'dsl82-home-manager-session-variables-anthropic-key',
    '  home.sessionVariables = {\n    ANTHROPIC_API_KEY = "«sk-ant-api03-{B93}AA»";\n    MANPAGER = "nvim +Man!";\n    BROWSER = "firefox";\n  };',
  ],
  [
    'dsl82-nixos-wireless-networks-psk-literal',
    '  networking.wireless = {\n    enable = true;\n    networks = {\n      "Kowalski-5G".psk = "«{a14}~{a4}»";\n      "cafe-guest" = { };\n    };\n  };',
  ],
  [
    'dsl82-nixos-user-initial-password-beside-authorized-key',
    '  users.users.deploy = {\n    isNormalUser = true;\n    extraGroups = [ "wheel" "docker" ];\n    initialPassword = "«{a9}*{a7}»";\n    openssh.authorizedKeys.keys = [ "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@ci" ];\n  };',
  ],
  [
    'dsl82-nixos-wireguard-inline-private-key-beside-peer-public',
    '  networking.wireguard.interfaces.wg0 = {\n    ips = [ "10.100.0.2/24" ];\n    privateKey = "«{b43}=»";\n    peers = [{\n      publicKey = "{b43}=";\n      allowedIPs = [ "10.100.0.0/24" ];\n      endpoint = "vpn.kowalski.dev:51820";\n    }];\n  };',
  ],
  [
    'dsl82-nixos-grafana-settings-admin-and-secret-key',
    '  services.grafana.settings = {\n    server.http_port = 3000;\n    security.admin_user = "admin";\n    security.admin_password = "«{a16}»";\n    security.secret_key = "«{a32}»";\n  };',
  ],
  [
    'dsl82-nixos-restic-writetext-b2-app-key',
    '  services.restic.backups.b2 = {\n    repository = "b2:kowalski-backups:/nas";\n    passwordFile = "/etc/nixos/restic-pass";\n    environmentFile = "${pkgs.writeText "restic-env" \'\'\n      B2_ACCOUNT_ID=005{h22}\n      B2_ACCOUNT_KEY=«K005{a27}»\n    \'\'}";\n  };',
  ],
  [
    'dsl82-nix-netrc-attic-cache-jwt',
    '# /etc/nix/netrc  (nix.settings.netrc-file points here)\nmachine cache.kowalski.dev\n  password «eyJhbGciOiJIUzI1NiJ9.{B120}.{B43}»',
  ],
  [
    'dsl82-nixos-acme-cloudflare-token-writetext',
    '  security.acme.certs."kowalski.dev" = {\n    domain = "*.kowalski.dev";\n    dnsProvider = "cloudflare";\n    environmentFile = pkgs.writeText "cf-env" "CLOUDFLARE_DNS_API_TOKEN=«{B40}»";\n  };',
  ],
  [
    'dsl82-nixos-tailscale-authkey-writetext',
    '  # FIXME: move to agenix before pushing\n  services.tailscale = {\n    enable = true;\n    authKeyFile = pkgs.writeText "ts-key" "«tskey-auth-k{a10}CNTRL-{a33}»";\n    extraUpFlags = [ "--ssh" ];\n  };',
  ],
  [
    'dsl82-nixos-nextcloud-adminpass-file-interpolated',
    '  services.nextcloud = {\n    enable = true;\n    hostName = "cloud.kowalski.dev";\n    config.adminuser = "root";\n    config.adminpassFile = "${pkgs.writeText "adminpass" "«{a11}-{a9}»"}";\n  };',
  ],
  [
    'dsl82-nixos-systemd-service-environment-hcloud-token',
    '  systemd.services.hcloud-dns-sync = {\n    wantedBy = [ "multi-user.target" ];\n    environment = {\n      HCLOUD_TOKEN = "«{a64}»";\n      ZONE = "kowalski.dev";\n    };\n    serviceConfig.ExecStart = "${pkgs.hcloud}/bin/hcloud server list";\n  };',
  ],
  [
    'dsl82-nixos-msmtp-extraconfig-password-line',
    "  programs.msmtp = {\n    enable = true;\n    extraConfig = ''\n      account default\n      host smtp.mailgun.org\n      port 587\n      user postmaster@mg.kowalski.dev\n      password «{a20}»\n    '';\n  };",
  ],
  [
    'dsl82-nix-fetchurl-token-query-beside-sha256',
    '  src = pkgs.fetchurl {\n    url = "https://downloads.vendor.io/agent/v3.2.1/agent-linux-x64.tar.gz?token=«{a40}»";\n    sha256 = "{l52}";\n  };',
  ],
  [
    'dsl82-nix-repl-store-file-admin-password',
    'nix-repl> nixosConfigurations.nas.config.services.miniflux.adminCredentialsFile\n"/nix/store/{l32}-miniflux-admin"\n$ cat /nix/store/{l32}-miniflux-admin\nADMIN_USERNAME=admin\nADMIN_PASSWORD=«{a14}#{a5}»',
  ],
  [
    'dsl82-dhall-record-annotation-db-password',
    'let Db = { host : Text, port : Natural, user : Text, password : Text }\n\nin  { database =\n        { host = "pg.internal", port = 5432, user = "ledger", password = "«{a13}!{a6}»" } : Db\n    , logLevel = "info"\n    }',
  ],
  [
    'dsl82-dhall-kubernetes-secret-tomap-stripe',
    'let kubernetes =\n      https://raw.githubusercontent.com/dhall-lang/dhall-kubernetes/master/package.dhall\n        sha256:{h64}\n\nin  kubernetes.Secret::{\n    , metadata = kubernetes.ObjectMeta::{ name = Some "stripe" }\n    , stringData = Some (toMap { STRIPE_SECRET_KEY = "«sk_live_{a24}»" })\n    }',
  ],
  [
    'dsl82-dhall-mapkey-mapvalue-sendgrid',
    'let env =\n      [ { mapKey = "MAIL_FROM", mapValue = "noreply@ledger.acme.io" }\n      , { mapKey = "SENDGRID_API_KEY", mapValue = "«SG.{B22}.{B43}»" }\n      ]\n\nin  env',
  ],
  [
    'dsl82-dhall-lambda-connection-string-password',
    'let connString =\n      \\(host : Text) -> "postgresql://app:«{a18}»@${host}:5432/app?sslmode=require"\n\nin  { primary = connString "pg-primary.internal", replica = connString "pg-replica.internal" }',
  ],
  [
    'dsl82-dhall-to-yaml-output-slack-webhook',
    '$ dhall-to-yaml --file deploy.dhall\nenvironment: production\nnotify:\n  slack:\n    webhook: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»\nreplicas: 3',
  ],
  [
    'dsl82-cue-registry-auth-struct-ghp',
    'package deploy\n\nregistry: {\n\thost:     "ghcr.io"\n\tusername: "kowalski-bot"\n\tpassword: "«ghp_{a36}»"\n}',
  ],
  [
    'dsl82-cue-k8s-secret-database-url-and-hmac',
    'secret: "payments-api": {\n\tapiVersion: "v1"\n\tkind:       "Secret"\n\tstringData: {\n\t\tDATABASE_URL: "postgres://payments:«{a20}»@pg-primary:5432/payments"\n\t\tWEBHOOK_HMAC: "«{H64}»"\n\t}\n}',
  ],
  [
    'dsl82-cue-default-disjunction-api-key',
    '#Config: {\n\tendpoint: string | *"https://api.weatherstack.com"\n\tapiKey:   string | *"«{h32}»"\n\ttimeout:  int | *10\n}',
  ],
  [
    'dsl82-cue-hidden-field-netlify-token',
    '_netlifyToken: "«nfp_{a36}»"\n\nactions: deploy: netlify.#Deploy & {\n\tsite:  "docs-acme"\n\ttoken: _netlifyToken\n}',
  ],
  [
    'dsl82-cue-export-output-smtp-password',
    '$ cue export ./config -e services.mailer\n{\n    "host": "smtp.postmarkapp.com",\n    "port": 587,\n    "username": "mailer",\n    "smtpPassword": "«{a10}.{a10}»"\n}',
  ],
  [
    'dsl82-jsonnet-manifestjson-relay-credentials-secret-key',
    "{\n  apiVersion: 'v1',\n  kind: 'Secret',\n  metadata: { name: 'sentry-relay', namespace: 'observability' },\n  stringData: {\n    'credentials.json': std.manifestJson({\n      secret_key: '«{B43}»',\n      public_key: '{B43}',\n      id: '{h8}-{h4}-4{h3}-9{h3}-{h12}',\n    }),\n  },\n}",
  ],
  [
    'dsl82-jsonnet-grafonnet-securejsondata-basic-auth',
    "datasource: {\n  name: 'Loki (prod)',\n  type: 'loki',\n  url: 'https://logs.acme.io',\n  basicAuth: true,\n  basicAuthUser: 'grafana',\n  secureJsonData: { basicAuthPassword: '«{a14}^{a6}»' },\n}",
  ],
  [
    'dsl82-jsonnet-tanka-config-alertmanager-slack-url',
    "(import 'ksonnet-util/kausal.libsonnet') +\n{\n  _config+:: {\n    namespace: 'monitoring',\n    alertmanager_slack_url: '«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»',\n  },\n}",
  ],
  [
    'dsl82-jsonnet-drone-pipeline-docker-pat',
    "// .drone.jsonnet\nlocal publish(tag) = {\n  name: 'publish-' + tag,\n  image: 'plugins/docker',\n  settings: { repo: 'acme/api', tags: [tag], username: 'acmebot', password: '«dckr_pat_{B27}»' },\n};\n[{ kind: 'pipeline', type: 'docker', name: 'release', steps: [publish('latest')] }]",
  ],
  [
    'dsl82-jsonnet-function-default-pagerduty-key',
    "function(pagerduty_key='«{h32}»', cluster='prod-eu') {\n  receivers: [\n    { name: 'pagerduty', pagerduty_configs: [{ routing_key: pagerduty_key, severity: 'critical' }] },\n  ],\n}",
  ],
  [
    'dsl82-jsonnet-loki-s3-url-inline-keys',
    "  _config+:: {\n    storage_backend: 's3',\n    s3_address: 's3://«AKIA{u16}»:«{a40}»@eu-central-1/loki-chunks',\n    s3_bucket_name: 'loki-chunks',\n  },",
  ],
  [
    'dsl82-jsonnet-cli-ext-str-db-pass',
    "$ jsonnet -J vendor --ext-str env=prod --ext-str db_pass='«{a10}!{a8}»' environments/prod/main.jsonnet > out.json",
  ],
  [
    'dsl82-pkl-amends-database-password',
    'amends "Base.pkl"\n\ndatabase {\n  host = "db.prod.internal"\n  username = "orders"\n  password = "«{a11}.{a9}»"\n}',
  ],
  [
    'dsl82-pkl-mapping-registry-tokens',
    'tokens {\n  ["github"] = "«gho_{a36}»"\n  ["npm"] = "«npm_{a36}»"\n}\nmirrors = List("https://registry.npmjs.org")',
  ],
  [
    'dsl82-pkl-local-restricted-stripe-key',
    'local stripeKey = "«rk_live_{a24}»"\n\npayments {\n  provider = "stripe"\n  apiKey = stripeKey\n  webhookPath = "/hooks/stripe"\n}',
  ],
  [
    'dsl82-pkl-eval-yaml-output-redis-password',
    '$ pkl eval -f yaml environments/prod.pkl\ncache:\n  host: redis-prod.internal\n  port: 6379\n  redisPassword: «{a22}»',
  ],
  [
    'dsl82-pkl-class-default-twilio-auth-token',
    'class Twilio {\n  accountSid: String = "AC{h32}"\n  authToken: String = "«{h32}»"\n  fromNumber: String = "+14155550142"\n}',
  ],
  [
    'dsl82-kcl-schema-instance-mysql-password',
    'schema Database:\n    host: str\n    user: str\n    password: str\n\ndb = Database {\n    host = "mysql.internal"\n    user = "shop"\n    password = "«{a12}@{a6}»"\n}',
  ],
  [
    'dsl82-kcl-k8s-secret-mailgun-key',
    'import k8s.api.core.v1 as k8core\n\nsecret = k8core.Secret {\n    metadata.name = "mailgun"\n    stringData = {"MAILGUN_API_KEY": "«key-{h32}»"}\n}',
  ],
  [
    'dsl82-kcl-option-fallback-gitlab-token',
    'api = "https://gitlab.acme.io/api/v4"\ntoken = option("token") or "«glpat-{B20}»"\nproject_id = 412',
  ],
  [
    'dsl82-tfvars-db-password-aligned',
    '# terraform.tfvars\nregion         = "eu-west-1"\ndb_username    = "app_admin"\ndb_password    = "«{a14}!{a6}»"\ninstance_class = "db.t4g.medium"',
  ],
  [
    'dsl82-tf-variable-sensitive-with-literal-default',
    'variable "datadog_api_key" {\n  type      = string\n  sensitive = true\n  default   = "«{h32}»"\n}',
  ],
  [
    'dsl82-tf-provider-cloudflare-api-token',
    'provider "cloudflare" {\n  api_token = "«{B40}»"\n}\n\nresource "cloudflare_record" "www" {\n  zone_id = var.zone_id\n  name    = "www"\n}',
  ],
  [
    'dsl82-tf-backend-s3-inline-access-keys',
    'terraform {\n  backend "s3" {\n    bucket     = "acme-tfstate"\n    key        = "network/terraform.tfstate"\n    region     = "eu-west-1"\n    access_key = "«AKIA{u16}»"\n    secret_key = "«{b40}»"\n  }\n}',
  ],
  [
    'dsl82-terraformrc-credentials-block-tfc-token',
    '# ~/.terraformrc\nplugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\ncredentials "app.terraform.io" {\n  token = "«{a14}.atlasv1.{a67}»"\n}',
  ],
  [
    'dsl82-tf-auto-tfvars-json-pagerduty-token',
    '$ cat prod.auto.tfvars.json\n{\n  "pagerduty_token": "«u+{a18}»",\n  "escalation_policy": "P{u6}",\n  "service_name": "checkout-api"\n}',
  ],
  [
    'dsl82-tf-output-raw-db-password',
    '$ terraform output -raw db_password\n«{a12}-{a8}»\n$ terraform output db_endpoint\n"orders.c{l12}.eu-west-1.rds.amazonaws.com:5432"',
  ],
  [
    'dsl82-tf-helm-release-set-sensitive-root-password',
    'resource "helm_release" "mongodb" {\n  name       = "mongodb"\n  repository = "oci://registry-1.docker.io/bitnamicharts"\n  chart      = "mongodb"\n\n  set_sensitive {\n    name  = "auth.rootPassword"\n    value = "«{a18}»"\n  }\n}',
  ],
  [
    'dsl82-tf-provider-vault-token-literal',
    'provider "vault" {\n  address = "https://vault.acme.io:8200"\n  token   = "«hvs.CAESI{B86}»"\n}',
  ],
  ['dsl82-tfvars-digitalocean-token', 'do_token     = "«dop_v1_{h64}»"\ndroplet_size = "s-2vcpu-4gb"\nssh_key_ids  = [{d8}]'],
  [
    'dsl82-tf-azurerm-provider-client-secret',
    'provider "azurerm" {\n  features {}\n  subscription_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  tenant_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  client_id       = "{h8}-{h4}-{h4}-{h4}-{h12}"\n  client_secret   = "«{a3}8Q~{B34}»"\n}',
  ],
  [
    'dsl82-nomad-task-env-block-stripe-key',
    'job "billing-worker" {\n  datacenters = ["dc1"]\n  group "worker" {\n    task "app" {\n      driver = "docker"\n      env {\n        STRIPE_API_KEY = "«sk_live_{a24}»"\n        LOG_LEVEL      = "info"\n      }\n    }\n  }\n}',
  ],
  [
    'dsl82-nomad-docker-auth-gitlab-deploy-token',
    '      config {\n        image = "registry.gitlab.com/acme/api:1.4.2"\n        auth {\n          username = "gitlab+deploy-token-{d6}"\n          password = "«gldt-{B20}»"\n        }\n      }',
  ],
  [
    'dsl82-nomad-template-heredoc-literal-password',
    '      template {\n        data        = <<EOH\nDB_HOST=pg.service.consul\nDB_PASSWORD=«{a13}^{a7}»\nEOH\n        destination = "secrets/app.env"\n        env         = true\n      }',
  ],
  [
    'dsl82-nomad-client-consul-acl-token',
    '# /etc/nomad.d/client.hcl\nclient {\n  enabled = true\n}\nconsul {\n  address = "127.0.0.1:8500"\n  token   = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n}',
  ],
  [
    'dsl82-nomad-server-gossip-encrypt-key',
    'server {\n  enabled          = true\n  bootstrap_expect = 3\n  encrypt          = "«{b43}=»"\n}',
  ],
  [
    'dsl82-nomad-export-token-before-job-status',
    '$ export NOMAD_ADDR=https://nomad.acme.io:4646\n$ export NOMAD_TOKEN=«{h8}-{h4}-{h4}-{h4}-{h12}»\n$ nomad job status billing-worker',
  ],
  [
    'dsl82-packer-variable-default-vsphere-password',
    'variable "vsphere_password" {\n  type      = string\n  default   = "«{a10}#{a8}»"\n  sensitive = true\n}',
  ],
  [
    'dsl82-packer-hcloud-source-token',
    'source "hcloud" "base" {\n  token       = "«{a64}»"\n  image       = "ubuntu-24.04"\n  location    = "fsn1"\n  server_type = "cx22"\n  ssh_username = "root"\n}',
  ],
  [
    'dsl82-packer-qemu-ssh-password-beside-iso-checksum',
    'source "qemu" "debian" {\n  iso_url      = "https://cdimage.debian.org/debian-cd/12.7.0/amd64/iso-cd/debian-12.7.0-amd64-netinst.iso"\n  iso_checksum = "sha256:{h64}"\n  ssh_username = "packer"\n  ssh_password = "«{a14}»"\n  ssh_timeout  = "20m"\n}',
  ],
  [
    'dsl82-packer-pkrvars-winrm-password',
    '# windows.pkrvars.hcl\nwinrm_username = "Administrator"\nwinrm_password = "«{a12}!{a4}»"\nvm_name        = "win2022-core"',
  ],
  [
    'dsl82-consul-agent-encrypt-and-agent-token',
    'datacenter = "fra1"\ndata_dir   = "/opt/consul"\nencrypt    = "«{b43}=»"\nacl {\n  enabled        = true\n  default_policy = "deny"\n  tokens {\n    agent = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\n  }\n}',
  ],
  [
    'dsl82-consul-acl-bootstrap-secret-id',
    '$ consul acl bootstrap\nAccessorID:       {h8}-{h4}-{h4}-{h4}-{h12}\nSecretID:         «{h8}-{h4}-{h4}-{h4}-{h12}»\nDescription:      Bootstrap Token (Global Management)\nLocal:            false\nPolicies:\n   00000000-0000-0000-0000-000000000001 - global-management',
  ],
  [
    'dsl82-consul-kv-put-stripe-key',
    '$ consul kv put config/payments/stripe_secret_key «sk_live_{a24}»\nSuccess! Data written to: config/payments/stripe_secret_key',
  ],
  [
    'dsl82-consul-template-vault-token-literal',
    'vault {\n  address     = "https://vault.acme.io:8200"\n  token       = "«hvs.CAESI{B86}»"\n  renew_token = false\n}\ntemplate {\n  source      = "/etc/consul-template/app.env.tpl"\n  destination = "/etc/app/app.env"\n}',
  ],
  [
    'dsl82-consul-service-check-bearer-header',
    'service {\n  name = "orders"\n  port = 8443\n  check {\n    http     = "https://localhost:8443/health"\n    interval = "10s"\n    header {\n      Authorization = ["Bearer «{a40}»"]\n    }\n  }\n}',
  ],
  [
    'dsl82-bazelrc-buildbuddy-api-key-header',
    '# .bazelrc\nbuild:remote --remote_cache=grpcs://remote.buildbuddy.io\nbuild:remote --remote_timeout=3600\nbuild:remote --remote_header=x-buildbuddy-api-key=«{a20}»',
  ],
  [
    'dsl82-bazel-netrc-artifactory-api-key',
    '# ~/.netrc used by http_archive downloads\nmachine artifactory.acme.io\nlogin ci-bazel\npassword «AKCp8{a68}»',
  ],
  [
    'dsl82-starlark-sh-test-env-sauce-access-key',
    'sh_test(\n    name = "e2e_sauce",\n    srcs = ["e2e.sh"],\n    env = {\n        "SAUCE_USERNAME": "acme-ci",\n        "SAUCE_ACCESS_KEY": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n    },\n    tags = ["manual", "requires-network"],\n)',
  ],
  [
    'dsl82-tiltfile-secret-from-dict-openai',
    'load(\'ext://secret\', \'secret_from_dict\')\nk8s_yaml(secret_from_dict("app-secrets", inputs = {\n    "OPENAI_API_KEY": "«sk-proj-{B64}»",\n}))\nk8s_resource("api", port_forwards = 8080)',
  ],
  [
    'dsl82-starlark-defs-bzl-slack-webhook-const',
    '# tools/notify/defs.bzl\n_SLACK_WEBHOOK = "«https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»"\n\ndef notify_on_release(name, channel = "#releases"):\n    native.sh_binary(name = name, srcs = ["//tools/notify:notify.sh"], args = [_SLACK_WEBHOOK, channel])',
  ],
  [
    'dsl82-copybara-sky-destination-url-token',
    'core.workflow(\n    name = "export",\n    origin = git.origin(url = "https://gitlab.acme.io/platform/mono.git", ref = "main"),\n    destination = git.github_destination(\n        url = "https://x-access-token:«ghs_{a36}»@github.com/acme/sdk.git",\n        push = "main",\n    ),\n    authoring = authoring.pass_thru("Acme Bot <bot@acme.io>"),\n)',
  ],
  [
    'dsl82-elixir-runtime-exs-secret-key-base-literal',
    'config :my_app, MyAppWeb.Endpoint,\n  url: [host: "app.acme.io", port: 443, scheme: "https"],\n  http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: 4000],\n  secret_key_base: "«{b64}»"',
  ],
  [
    'dsl82-elixir-prod-exs-repo-password',
    'config :my_app, MyApp.Repo,\n  username: "postgres",\n  password: "«{a12}-{a8}»",\n  hostname: "db.internal",\n  database: "my_app_prod",\n  pool_size: 10',
  ],
  [
    'dsl82-elixir-swoosh-sendgrid-api-key',
    'config :my_app, MyApp.Mailer,\n  adapter: Swoosh.Adapters.Sendgrid,\n  api_key: "«SG.{B22}.{B43}»"',
  ],
  [
    'dsl82-elixir-stripity-stripe-key-and-signing-secret',
    'config :stripity_stripe,\n  api_key: "«sk_live_{a24}»",\n  signing_secret: "«whsec_{a32}»"',
  ],
  [
    'dsl82-elixir-system-get-env-literal-default',
    'config :my_app, MyApp.Mailer,\n  adapter: Swoosh.Adapters.Mailgun,\n  domain: "mg.acme.io",\n  api_key: System.get_env("MAILGUN_API_KEY", "«key-{h32}»")',
  ],
  [
    'dsl82-elixir-hex-api-key-env-publish',
    '$ HEX_API_KEY=«{h32}» mix hex.publish --yes\nBuilding my_lib 0.6.1\n  Dependencies:\n    jason ~> 1.4 (app: jason)',
  ],
  [
    'dsl82-elixir-iex-ex-aws-secret-access-key',
    'iex(my_app@10.0.3.7)1> Application.get_env(:ex_aws, :access_key_id)\n"«AKIA{u16}»"\niex(my_app@10.0.3.7)2> Application.get_env(:ex_aws, :secret_access_key)\n"«{b40}»"',
  ],
  [
    'dsl82-elixir-hex-repo-add-oban-auth-key',
    '$ mix hex.repo add oban https://getoban.pro/repo \\\n    --fetch-public-key SHA256:{B43} \\\n    --auth-key «{a32}»',
  ],
  [
    'dsl82-elixir-ueberauth-github-client-secret',
    'config :ueberauth, Ueberauth.Strategy.Github.OAuth,\n  client_id: "Iv1.{h16}",\n  client_secret: "«{h40}»"',
  ],
  ['dsl82-erlang-vm-args-setcookie', '## rel/vm.args\n-name ledger@10.0.4.12\n-setcookie «{U20}»\n+K true\n+A 30'],
  [
    'dsl82-erlang-sys-config-db-password-string',
    '[\n {my_app, [\n   {db, [{host, "pg.internal"}, {user, "app"}, {password, "«{a13}+{a5}»"}]},\n   {http_port, 8080}\n ]}\n].',
  ],
  [
    'dsl82-erlang-sys-config-aws-binaries',
    '{erlcloud, [\n    {aws_access_key_id, <<"«AKIA{u16}»">>},\n    {aws_secret_access_key, <<"«{b40}»">>},\n    {aws_region, <<"eu-west-1">>}\n]}.',
  ],
  [
    'dsl82-erlang-rebar3-hex-config-api-key',
    '%% ~/.config/rebar3/hex.config\n#{<<"hexpm">> => #{api_key => <<"«{h32}»">>,\n                   username => <<"kowalski">>}}.',
  ],
  [
    'dsl82-erlang-rabbitmq-advanced-config-default-pass',
    '[\n  {rabbit, [\n    {default_user, <<"admin">>},\n    {default_pass, <<"«{a18}»">>},\n    {loopback_users, []}\n  ]}\n].',
  ],
  [
    'dsl82-erlang-shell-set-cookie-atom',
    "(ledger@10.0.4.12)1> erlang:set_cookie(node(), '«{U20}»').\ntrue\n(ledger@10.0.4.12)2> net_adm:ping('ledger@10.0.4.13').\npong",
  ],
  [
    'dsl82-ejabberd-yml-sql-password',
    'sql_type: pgsql\nsql_server: "db.internal"\nsql_database: "ejabberd"\nsql_username: "ejabberd"\nsql_password: "«{a11}!{a9}»"\ndefault_db: sql',
  ],
  [
    'dsl82-lein-profiles-clj-clojars-deploy-token',
    '{:user {:plugins [[lein-ancient "1.0.0-RC3"]]}\n :auth {:repository-auth {#"clojars" {:username "kowalski"\n                                      :password "«CLOJARS_{h60}»"}}}}',
  ],
  [
    'dsl82-lein-project-clj-repositories-password',
    '  :repositories [["releases" {:url "https://nexus.acme.io/repository/maven-releases/"\n                              :username "deployer"\n                              :password "«{a12}!{a6}»"\n                              :sign-releases false}]]',
  ],
  [
    'dsl82-aero-config-edn-jdbc-url-password',
    '{:db {:jdbc-url "jdbc:postgresql://db:5432/app?user=app&password=«{a18}»"\n      :maximum-pool-size 10}\n :http {:port 3000}}',
  ],
  [
    'dsl82-duct-config-hikaricp-password',
    '{:duct.profile/base\n {:duct.database.sql/hikaricp {:jdbc-url "jdbc:postgresql://pg.internal/shop"\n                               :username "shop"\n                               :password "«{a10}*{a10}»"}}}',
  ],
  [
    'dsl82-clojure-repl-getenv-database-url',
    'user=> (System/getenv "DATABASE_URL")\n"postgres://app:«{a20}»@db.internal:5432/app"\nuser=> (count *1)\n54',
  ],
  [
    'dsl82-edn-slack-bot-token-map',
    '{:slack {:bot-token "«xoxb-{d11}-{d13}-{a24}»"\n         :channel "#deploys"}\n :github {:org "acme"}}',
  ],
  [
    'dsl82-hocon-play-http-secret-key',
    'play.http.secret.key = "«{a64}»"\nplay.filters.hosts.allowed = [".acme.io", "localhost:9000"]\nplay.i18n.langs = ["en", "de"]',
  ],
  [
    'dsl82-hocon-slick-db-password',
    'slick.dbs.default {\n  profile = "slick.jdbc.PostgresProfile$"\n  db {\n    url = "jdbc:postgresql://db.internal:5432/ledger"\n    user = "ledger"\n    password = "«{a11}~{a9}»"\n  }\n}',
  ],
  [
    'dsl82-hocon-alpakka-s3-static-credentials',
    'alpakka.s3.aws.credentials {\n  provider = static\n  access-key-id = "«AKIA{u16}»"\n  secret-access-key = "«{b40}»"\n}\nalpakka.s3.aws.region.default-region = "eu-west-1"',
  ],
  [
    'dsl82-hocon-literal-then-optional-override',
    'mailer {\n  host = "smtp.sendgrid.net"\n  user = "apikey"\n  password = "«SG.{B22}.{B43}»"\n  password = ${?SMTP_PASSWORD}\n}',
  ],
  [
    'dsl82-hocon-kafka-sasl-jaas-escaped-quotes',
    'kafka-clients {\n  security.protocol = SASL_SSL\n  sasl.mechanism = PLAIN\n  sasl.jaas.config = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"{u16}\\" password=\\"«{a64}»\\";"\n}',
  ],
  [
    'dsl82-hocon-unquoted-mailer-password',
    'mailer.host = smtp.mailgun.org\nmailer.port = 587\nmailer.user = "postmaster@mg.acme.io"\nmailer.password = «{a16}»',
  ],
  [
    'dsl82-spark-defaults-conf-s3a-keys',
    '# conf/spark-defaults.conf\nspark.hadoop.fs.s3a.endpoint     s3.eu-west-1.amazonaws.com\nspark.hadoop.fs.s3a.access.key   «AKIA{u16}»\nspark.hadoop.fs.s3a.secret.key   «{b40}»\nspark.executor.memory            8g',
  ],
  [
    'dsl82-gradle-groovy-publishing-credentials-password',
    "publishing {\n    repositories {\n        maven {\n            url = 'https://nexus.acme.io/repository/maven-releases/'\n            credentials {\n                username = 'deployer'\n                password = '«{a12}^{a6}»'\n            }\n        }\n    }\n}",
  ],
  [
    'dsl82-gradle-kts-github-packages-ghp',
    'repositories {\n    maven("https://maven.pkg.github.com/acme/platform") {\n        credentials {\n            username = "acme-ci"\n            password = "«ghp_{a36}»"\n        }\n    }\n}',
  ],
  [
    'dsl82-gradle-properties-signing-and-ossrh-passwords',
    '# ~/.gradle/gradle.properties\nsigning.keyId={H8}\nsigning.password=«{a14}*{a4}»\nsigning.secretKeyRingFile=/Users/mira/.gnupg/secring.gpg\nossrhUsername=kowalski\nossrhPassword=«{a20}»',
  ],
  [
    'dsl82-gradle-properties-plugin-portal-key-secret',
    'gradle.publish.key=«{a32}»\ngradle.publish.secret=«{a32}»\norg.gradle.jvmargs=-Xmx4g',
  ],
  [
    'dsl82-jenkinsfile-environment-sonar-token-literal',
    "pipeline {\n    agent any\n    environment {\n        SONAR_TOKEN = '«squ_{h40}»'\n        GRADLE_OPTS = '-Dorg.gradle.daemon=false'\n    }\n    stages { stage('Scan') { steps { sh './gradlew sonar' } } }\n}",
  ],
  [
    'dsl82-jenkins-init-groovy-username-password-credential',
    'import com.cloudbees.plugins.credentials.*\nimport com.cloudbees.plugins.credentials.impl.*\n\ndef creds = new UsernamePasswordCredentialsImpl(\n    CredentialsScope.GLOBAL, "nexus-deploy", "Nexus deploy user", "deployer", "«{a14}*{a6}»")\nSystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), creds)',
  ],
  [
    'dsl82-gradle-kts-android-signing-config-passwords',
    'android {\n    signingConfigs {\n        create("release") {\n            storeFile = file("../keystore/release.jks")\n            storePassword = "«{a16}»"\n            keyAlias = "upload"\n            keyPassword = "«{a12}.{a6}»"\n        }\n    }\n}',
  ],
  [
    'dsl82-grails-application-groovy-datasource-password',
    'environments {\n    production {\n        dataSource {\n            dbCreate = "none"\n            url = "jdbc:mysql://mysql.internal:3306/crm"\n            username = "crm"\n            password = \'«{a10}!{a9}»\'\n        }\n    }\n}',
  ],
  [
    'dsl82-gradle-kts-sentry-auth-token-set',
    'sentry {\n    org.set("acme")\n    projectName.set("android-app")\n    authToken.set("«sntryu_{h64}»")\n    includeSourceContext.set(true)\n}',
  ],
  [
    'dsl82-gradle-develocity-access-key-host-pair',
    'develocity {\n    server = "https://ge.acme.io"\n    accessKey = "ge.acme.io=«{l52}»"\n    buildScan { uploadInBackground = false }\n}',
  ],
  [
    'dsl82-sbt-dot-credentials-file-password',
    '$ cat ~/.sbt/.credentials\nrealm=Sonatype Nexus Repository Manager\nhost=nexus.acme.io\nuser=deployer\npassword=«{a14}!{a4}»',
  ],
  [
    'dsl82-sbt-build-credentials-github-packages',
    'ThisBuild / credentials += Credentials(\n  "GitHub Package Registry",\n  "maven.pkg.github.com",\n  "acme-ci",\n  "«ghp_{a36}»"\n)',
  ],
  [
    'dsl82-sbt-sonatype-user-token-credentials',
    'ThisBuild / sonatypeCredentialHost := "s01.oss.sonatype.org"\nThisBuild / credentials += Credentials("Sonatype Nexus Repository Manager", "s01.oss.sonatype.org", "{a8}", "«{a44}»")',
  ],
  [
    'dsl82-sbt-global-resolver-url-password',
    '// ~/.sbt/1.0/global.sbt\nThisBuild / resolvers += "Artifactory" at "https://ci:«{a16}»@artifactory.acme.io/artifactory/sbt-release"\nThisBuild / useCoursier := true',
  ],
  [
    'dsl82-sbt-codeartifact-auth-token-export',
    '$ export CODEARTIFACT_AUTH_TOKEN=«eyJ2ZXIiOjEsImlzdSI6{B220}»\n$ sbt publish\n[info] welcome to sbt 1.10.2 (Eclipse Adoptium Java 21.0.4)',
  ],
  [
    'dsl82-neovim-init-lua-vim-env-openai',
    '-- ~/.config/nvim/lua/config/env.lua\nvim.env.OPENAI_API_KEY = "«sk-proj-{B64}»"\nvim.g.mapleader = " "\nvim.opt.number = true',
  ],
  [
    'dsl82-neovim-gp-nvim-provider-secret-anthropic',
    'require("gp").setup({\n  providers = {\n    anthropic = {\n      endpoint = "https://api.anthropic.com/v1/messages",\n      secret = "«sk-ant-api03-{B93}AA»",\n    },\n  },\n})',
  ],
  [
    'dsl82-hammerspoon-home-assistant-long-lived-token',
    '-- ~/.hammerspoon/init.lua\nlocal HA_URL = "http://homeassistant.local:8123"\nlocal HA_TOKEN = "«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B100}.{B43}»"\nhs.hotkey.bind({"cmd", "alt"}, "L", function()\n  hs.http.asyncPost(HA_URL .. "/api/services/light/toggle", \'{"entity_id":"light.desk"}\',\n    { Authorization = "Bearer " .. HA_TOKEN, ["Content-Type"] = "application/json" }, function() end)\nend)',
  ],
  [
    'dsl82-openresty-lua-redis-auth-literal',
    'local redis = require "resty.redis"\nlocal red = redis:new()\nred:set_timeouts(1000, 1000, 1000)\nlocal ok, err = red:connect("10.0.0.12", 6379)\nlocal res, err = red:auth("«{a24}»")',
  ],
  [
    'dsl82-openresty-access-by-lua-api-key-compare',
    'location /internal/ {\n    access_by_lua_block {\n        if ngx.var.http_x_api_key ~= "«{a32}»" then\n            return ngx.exit(ngx.HTTP_UNAUTHORIZED)\n        end\n    }\n    proxy_pass http://backend;\n}',
  ],
  [
    'dsl82-lua-resty-mysql-connect-password',
    'local ok, err, errcode, sqlstate = db:connect{\n    host = "127.0.0.1",\n    port = 3306,\n    database = "kong",\n    user = "kong",\n    password = "«{a12}^{a6}»",\n    charset = "utf8mb4",\n}',
  ],
  [
    'dsl82-hammerspoon-pushover-app-token',
    'local pushover = {\n  token = "«{l30}»",\n  user = "{l30}",\n}\nhs.http.asyncPost("https://api.pushover.net/1/messages.json",\n  "token=" .. pushover.token .. "&user=" .. pushover.user .. "&message=Backup+done", nil, function() end)',
  ],
  [
    'dsl82-awesome-wm-weather-widget-owm-key',
    'local weather_widget = require("awesome-wm-widgets.weather-widget.weather")\nweather_widget({\n    api_key = "«{h32}»",\n    coordinates = {52.2297, 21.0122},\n    units = "metric",\n})',
  ],
  [
    'dsl82-neovim-dadbod-dbs-table-url-password',
    'vim.g.dbs = {\n  dev = "postgres://localhost/app_dev",\n  prod_ro = "postgres://readonly:«{a18}»@db.acme.io:5432/app",\n}',
  ],
  [
    'dsl82-perl-dbi-connect-single-quoted-password',
    'use DBI;\nmy $dbh = DBI->connect("dbi:Pg:dbname=crm;host=db.internal", "crm", \'«{a12}!{a6}»\',\n    { RaiseError => 1, AutoCommit => 1 });',
  ],
  [
    'dsl82-perl-our-config-hash-twilio-token',
    "our %CONFIG = (\n    twilio_sid   => 'AC{h32}',\n    twilio_token => '«{h32}»',\n    from_number  => '+442071838750',\n);",
  ],
  [
    'dsl82-mojolicious-app-secrets-array',
    "use Mojolicious::Lite -signatures;\n\napp->secrets(['«{h40}»']);\napp->config(hypnotoad => {listen => ['http://*:8080'], workers => 4});",
  ],
  [
    'dsl82-catalyst-local-pl-connect-info-password',
    "# myapp_local.pl\n{\n    'Model::DB' => {\n        connect_info => {\n            dsn      => 'dbi:mysql:database=shop;host=mysql.internal',\n            user     => 'shop',\n            password => '«{a11}@{a8}»',\n        },\n    },\n};",
  ],
  [
    'dsl82-perl-lwp-credentials-atlassian-token',
    "my $ua = LWP::UserAgent->new(timeout => 20);\n$ua->credentials('jira.acme.io:443', 'Jira', 'svc-bot@acme.io',\n    '«ATATT3xFfGF0{B183}={H8}»');",
  ],
  [
    'dsl82-renviron-github-pat-and-openai',
    '# ~/.Renviron\nR_LIBS_USER=~/R/library\nGITHUB_PAT=«ghp_{a36}»\nOPENAI_API_KEY=«sk-proj-{B64}»',
  ],
  [
    'dsl82-r-keyring-key-set-with-value-password',
    'keyring::key_set_with_value(\n  service  = "redshift-prod",\n  username = "analyst",\n  password = "«{a13}*{a5}»"\n)',
  ],
  [
    'dsl82-r-sys-setenv-mapbox-secret-token',
    'library(mapboxapi)\nSys.setenv(MAPBOX_ACCESS_TOKEN = "«sk.eyJ1IjoiYWNtZS1nZW8iLCJhIjoi{B20}In0.{B22}»")\nisochrones <- mb_isochrone("Warsaw, Poland", time = c(10, 20, 30))',
  ],
  [
    'dsl82-r-rsconnect-set-account-info-secret',
    'rsconnect::setAccountInfo(\n  name   = "acme-analytics",\n  token  = "«{H32}»",\n  secret = "«{b40}»"\n)',
  ],
  [
    'dsl82-r-httr2-req-auth-bearer-airtable-pat',
    'resp <- request("https://api.airtable.com/v0/app{a14}/Leads") |>\n  req_auth_bearer_token("«pat{a14}.{h64}»") |>\n  req_perform()',
  ],
  [
    'dsl82-julia-startup-jl-env-openai-key',
    '# ~/.julia/config/startup.jl\nENV["JULIA_EDITOR"] = "code"\nENV["OPENAI_API_KEY"] = "«sk-{a20}T3BlbkFJ{a20}»"\nusing Revise',
  ],
  [
    'dsl82-julia-libpq-connection-string-password',
    'using LibPQ, DataFrames\nconn = LibPQ.Connection("host=db.internal dbname=sim user=sim password=«{a16}»")\ndf = DataFrame(execute(conn, "SELECT * FROM runs LIMIT 10"))',
  ],
  [
    'dsl82-julia-juliahub-auth-toml-tokens',
    '# ~/.julia/servers/juliahub.com/auth.toml\nexpires_at = 1735689600\nid_token = "«eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.{B160}.{B86}»"\nrefresh_token = "«{B48}»"\nuser_name = "mkowalski"',
  ],
  [
    'dsl82-powershell-convertto-securestring-plaintext-pscredential',
    "$securePwd = ConvertTo-SecureString '«{a12}!{a6}»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('CORP\\svc-sql', $securePwd)\nSqlSetup 'InstallDefault' { SQLSvcAccount = $cred }",
  ],
  [
    'dsl82-powershell-dsc-configdata-plaintext-apppool-password',
    "$ConfigData = @{\n    AllNodes = @(\n        @{\n            NodeName                    = 'web01'\n            PSDscAllowPlainTextPassword = $true\n            AppPoolPassword             = '«{a14}^{a6}»'\n        }\n    )\n}",
  ],
  [
    'dsl82-dsc-compiled-mof-msft-credential-password',
    'instance of MSFT_Credential as $MSFT_Credential1ref\n{\nPassword = "«{a13}-{a7}»";\n UserName = "CORP\\\\svc-iis";\n\n};',
  ],
  [
    'dsl82-powershell-set-azkeyvaultsecret-plaintext',
    "Set-AzKeyVaultSecret -VaultName 'kv-prod-weu' -Name 'sql-admin' `\n    -SecretValue (ConvertTo-SecureString \"«{a18}»\" -AsPlainText -Force)",
  ],
  [
    'dsl82-powershell-profile-env-azure-devops-pat',
    "# $PROFILE\n$env:AZURE_DEVOPS_EXT_PAT = '«{k52}»'\nSet-Alias k kubectl\nImport-Module posh-git",
  ],
  [
    'dsl82-hiera-common-yaml-postgres-password',
    "---\nprofile::postgresql::version: '16'\nprofile::postgresql::listen_addresses: '*'\nprofile::postgresql::db_password: '«{a12}.{a8}»'",
  ],
  [
    'dsl82-hiera-node-mysql-root-and-db-user-password',
    '# data/nodes/db01.acme.io.yaml\nprofile::mysql::root_password: "«{a16}»"\nprofile::mysql::databases:\n  wiki:\n    user: wiki\n    password: \'«{a10}!{a6}»\'',
  ],
  [
    'dsl82-puppet-manifest-rabbitmq-default-pass',
    "class { 'rabbitmq':\n  default_user      => 'admin',\n  default_pass      => '«{a18}»',\n  delete_guest_user => true,\n}",
  ],
  [
    'dsl82-r10k-yaml-forge-authorization-token',
    "# /etc/puppetlabs/r10k/r10k.yaml\ncachedir: '/var/cache/r10k'\nforge:\n  baseurl: 'https://forge.acme.io'\n  authorization_token: 'Bearer «{a40}»'",
  ],
  [
    'dsl82-hiera-eyaml-mixed-plaintext-leak',
    "profile::app::db_password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEwDQYJKoZIhvcNAQEBBQAEggEA{b120}]\nprofile::app::smtp_password: '«{a14}~{a4}»'",
  ],
  [
    'dsl82-chef-data-bag-json-mysql-passwords',
    '$ cat data_bags/credentials/mysql.json\n{\n  "id": "mysql",\n  "root_password": "«{a16}»",\n  "repl_password": "«{a12}*{a6}»"\n}',
  ],
  ['dsl82-chef-data-bag-newrelic-license-key', '{\n  "id": "newrelic",\n  "license_key": "«{h36}NRAL»",\n  "app_name": "storefront"\n}'],
  [
    'dsl82-chef-recipe-mysql-service-initial-root-password',
    "mysql_service 'default' do\n  port '3306'\n  version '8.0'\n  initial_root_password '«{a14}!{a5}»'\n  action [:create, :start]\nend",
  ],
  [
    'dsl82-salt-pillar-mysql-root-and-user',
    "# /srv/pillar/mysql.sls\nmysql:\n  server:\n    root_password: '«{a16}»'\n  user:\n    wordpress:\n      password: '«{a11}^{a7}»'\n      host: localhost",
  ],
  [
    'dsl82-salt-pillar-jinja-set-slack-token',
    "{% set slack_token = '«xoxb-{d11}-{d13}-{a24}»' %}\nslack:\n  api_key: {{ slack_token }}\n  channel: '#ops'",
  ],
  [
    'dsl82-salt-cloud-provider-digitalocean-token',
    '# /etc/salt/cloud.providers.d/do.conf\ndo:\n  driver: digitalocean\n  personal_access_token: «dop_v1_{h64}»\n  ssh_key_file: /root/.ssh/salt_do',
  ],
  [
    'dsl82-salt-sdb-vault-profile-token',
    '# /etc/salt/master.d/sdb.conf\nmyvault:\n  driver: vault\nvault:\n  url: https://vault.acme.io:8200\n  auth:\n    method: token\n    token: «hvs.CAESI{B86}»',
  ],
  [
    'dsl82-salt-state-file-managed-contents-aws-secret',
    "/etc/backup/aws.env:\n  file.managed:\n    - mode: '0600'\n    - contents: |\n        AWS_ACCESS_KEY_ID=«AKIA{u16}»\n        AWS_SECRET_ACCESS_KEY=«{b40}»",
  ],
  [
    'dsl82-salt-cli-mysql-user-create-password-arg',
    "$ sudo salt 'db*' mysql.user_create wiki localhost '«{a12}-{a6}»'\ndb01.acme.io:\n    True",
  ],
  [
    'dsl82-ansible-inventory-ini-winrm-password',
    '[windows]\nwin01.corp.local\nwin02.corp.local\n\n[windows:vars]\nansible_user=Administrator\nansible_password=«{a12}!{a6}»\nansible_connection=winrm\nansible_winrm_transport=ntlm',
  ],
  [
    'dsl82-ansible-hosts-yml-become-password',
    "all:\n  hosts:\n    db1:\n      ansible_host: 10.0.2.11\n      ansible_user: ops\n      ansible_become_password: '«{a16}»'",
  ],
  [
    'dsl82-ansible-host-vars-network-enable-password',
    '# host_vars/switch01.yml\nansible_network_os: cisco.ios.ios\nansible_connection: ansible.netcommon.network_cli\nansible_user: netops\nansible_password: «{a14}*{a4}»\nansible_become_method: enable\nansible_become_password: «{a10}^{a8}»',
  ],
  [
    'dsl82-ansible-group-vars-k3s-cluster-token',
    '# group_vars/k3s_cluster.yml\nk3s_version: v1.30.4+k3s1\nk3s_token: «K10{h64}::server:{h32}»\napi_endpoint: 10.0.5.10',
  ],
  [
    'dsl82-ansible-playbook-extra-vars-root-password',
    '$ ansible-playbook site.yml -i inventories/prod -e "mysql_root_password=«{a14}.{a6}»" --limit db\nPLAY [db] ****************************************************************',
  ],
  [
    'dsl82-ansible-inventory-inline-ssh-pass',
    '[pis]\npi4 ansible_host=192.168.1.40 ansible_user=pi ansible_ssh_pass=«{a13}~{a5}»\npi5 ansible_host=192.168.1.41 ansible_user=pi ansible_ssh_private_key_file=~/.ssh/pi_ed25519',
  ],
  [
    'dsl82-systemd-unit-environment-grafana-sa-token',
    '[Service]\nEnvironment="GRAFANA_URL=https://grafana.acme.io"\nEnvironment="GRAFANA_API_KEY=«glsa_{a32}_{h8}»"\nExecStart=/usr/local/bin/dashboard-exporter',
  ],
  [
    'dsl82-systemd-setcredential-plaintext-db-password',
    '[Service]\nSetCredential=db-password:«{a14}!{a6}»\nLoadCredential=tls-key:/etc/ssl/private/app.key\nExecStart=/usr/local/bin/app --db-password-file=%d/db-password',
  ],
  [
    'dsl82-systemctl-edit-override-restic-env',
    '### Editing /etc/systemd/system/restic-backup.service.d/override.conf\n[Service]\nEnvironment=RESTIC_REPOSITORY=s3:s3.eu-central-1.wasabisys.com/acme-restic\nEnvironment=RESTIC_PASSWORD=«{a20}»\nEnvironment=AWS_SECRET_ACCESS_KEY=«{b40}»',
  ],
  [
    'dsl82-systemd-environment-file-miniflux-database-url',
    '$ sudo cat /etc/miniflux.conf\nLISTEN_ADDR=127.0.0.1:8080\nDATABASE_URL=postgres://miniflux:«{a18}»@localhost/miniflux?sslmode=disable\nRUN_MIGRATIONS=1',
  ],
  [
    'dsl82-systemctl-show-environment-influx-token',
    '$ systemctl show -p Environment telegraf\nEnvironment=INFLUX_TOKEN=«{B86}==» INFLUX_ORG=acme INFLUX_BUCKET=metrics',
  ],
  [
    'dsl82-systemd-creds-encrypt-echo-plaintext',
    "$ echo -n '«{a16}»' | sudo systemd-creds encrypt --name=smtp-pass - /etc/credstore.encrypted/smtp-pass\n$ sudo systemctl restart mailer",
  ],
  [
    'dsl82-launchd-plist-environment-buildkite-agent-token',
    '<key>EnvironmentVariables</key>\n<dict>\n    <key>BUILDKITE_AGENT_TOKEN</key>\n    <string>«{h50}»</string>\n    <key>PATH</key>\n    <string>/opt/homebrew/bin:/usr/bin:/bin</string>\n</dict>',
  ],
  [
    'dsl82-launchd-plist-cloudflared-tunnel-token-arg',
    '<key>ProgramArguments</key>\n<array>\n    <string>/opt/homebrew/bin/cloudflared</string>\n    <string>tunnel</string>\n    <string>run</string>\n    <string>--token</string>\n    <string>«eyJhIjoi{B140}»</string>\n</array>',
  ],
  [
    'dsl82-launchctl-setenv-homebrew-github-token',
    '$ launchctl setenv HOMEBREW_GITHUB_API_TOKEN «ghp_{a36}»\n$ launchctl getenv HOMEBREW_NO_ANALYTICS\n1',
  ],
  [
    'dsl82-launchd-plist-rclone-webdav-pass-arg',
    '<key>Label</key>\n<string>com.kowalski.rclone-mount</string>\n<key>ProgramArguments</key>\n<array>\n    <string>/usr/local/bin/rclone</string>\n    <string>serve</string>\n    <string>webdav</string>\n    <string>nas:photos</string>\n    <string>--pass=«{a12}.{a8}»</string>\n</array>',
  ],
  [
    'dsl82-reg-file-license-server-service-password',
    'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\LicenseServer]\n"Server"="lic01.corp.acme.io"\n"Port"=dword:00006d60\n"ServicePassword"="«{a14}!{a6}»"',
  ],
  [
    'dsl82-reg-file-winlogon-autologon-default-password',
    '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="STORE-042"\n"DefaultPassword"="«{a12}*{a6}»"',
  ],
  [
    'dsl82-reg-add-putty-proxy-password',
    'C:\\> reg add "HKCU\\Software\\SimonTatham\\PuTTY\\Sessions\\prod-db" /v ProxyPassword /t REG_SZ /d «{a16}» /f\nThe operation completed successfully.',
  ],
  [
    'dsl82-reg-file-uploader-api-key',
    '[HKEY_CURRENT_USER\\Software\\Acme\\Uploader]\n"Endpoint"="https://upload.acme.io/v2"\n"ApiKey"="«{h32}»"\n"ChunkSize"=dword:00400000',
  ],
  [
    'dsl82-php-ini-mysqli-default-pw',
    '; /etc/php/8.3/fpm/conf.d/99-shop.ini\nmysqli.default_host = mysql.internal\nmysqli.default_user = shop\nmysqli.default_pw = «{a12}!{a6}»\nmemory_limit = 512M',
  ],
  [
    'dsl82-newrelic-ini-license-quoted',
    '; /etc/php/8.3/mods-available/newrelic.ini\nextension = "newrelic.so"\nnewrelic.license = "«{h36}NRAL»"\nnewrelic.appname = "shop-web"\nnewrelic.distributed_tracing_enabled = true',
  ],
  [
    'dsl82-php-fpm-pool-env-directives',
    '; /etc/php/8.3/fpm/pool.d/www.conf\n[www]\nuser = www-data\nenv[DB_PASSWORD] = «{a14}^{a6}»\nenv[STRIPE_SECRET_KEY] = «sk_live_{a24}»\npm = dynamic',
  ],
  ['dsl82-my-cnf-client-section-password', '# ~/.my.cnf\n[client]\nuser=backup\npassword=«{a16}»\nhost=127.0.0.1'],
  [
    'dsl82-odbc-ini-snowflake-pwd',
    '[SnowflakeProd]\nDriver=/usr/lib/snowflake/odbc/lib/libSnowflake.so\nServer=acme.eu-central-1.snowflakecomputing.com\nUID=etl_user\nPWD=«{a18}»\nWarehouse=ETL_WH\nDatabase=RAW',
  ],
  [
    'dsl82-odbc-ini-mssql-password-key',
    '[mssql-prod]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:sql-prod.database.windows.net,1433\nDatabase=billing\nUID=billing_ro\nPassword=«{a13}~{a5}»\nEncrypt=yes',
  ],
  ['dsl82-pgpass-two-lines-passwords', '$ cat ~/.pgpass\ndb.internal:5432:*:replicator:«{a20}»\nlocalhost:5432:orders:orders:«{a12}!{a6}»'],
  ['dsl82-pgpass-echo-append-chmod', "$ echo 'pg-prod.acme.io:6432:analytics:metabase:«{a22}»' >> ~/.pgpass && chmod 600 ~/.pgpass"],
  [
    'dsl82-pypirc-pypi-token-and-internal-password',
    '[distutils]\nindex-servers =\n    pypi\n    internal\n\n[pypi]\nusername = __token__\npassword = «pypi-AgEIcHlwaS5vcmcC{B140}»\n\n[internal]\nrepository = https://nexus.acme.io/repository/pypi-internal/\nusername = deployer\npassword = «{a14}*{a6}»',
  ],
  [
    'dsl82-pypirc-testpypi-token',
    '[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = «pypi-AgENdGVzdC5weXBpLm9yZw{B140}»',
  ],
  [
    'dsl82-npmrc-npm-and-github-auth-tokens',
    'registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«npm_{a36}»\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«ghp_{a36}»',
  ],
  [
    'dsl82-npmrc-legacy-auth-and-password-base64',
    'registry=https://nexus.acme.io/repository/npm-group/\n_auth=«{b40}»\nalways-auth=true\n//nexus.acme.io/repository/npm-group/:username=ci\n//nexus.acme.io/repository/npm-group/:_password=«{b24}»',
  ],
  [
    'dsl82-gem-credentials-rubygems-and-github',
    '$ cat ~/.gem/credentials\n---\n:rubygems_api_key: «rubygems_{h48}»\n:github: Bearer «ghp_{a36}»',
  ],
  [
    'dsl82-bundle-config-sidekiq-pro-and-github',
    '# ~/.bundle/config\n---\nBUNDLE_GEMS__CONTRIBSYS__COM: "{h8}:«{h8}»"\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: "acme-ci:«ghp_{a36}»"\nBUNDLE_JOBS: "8"',
  ],
  ['dsl82-rclone-conf-b2-application-key', '[b2]\ntype = b2\naccount = 005{h22}\nkey = «K005{a27}»\nhard_delete = true'],
  [
    'dsl82-cargo-credentials-toml-crates-io-token',
    '# ~/.cargo/credentials.toml\n[registry]\ntoken = "«cio{a32}»"\n\n[registries.acme]\ntoken = "«{a40}»"',
  ],
  [
    'dsl82-poetry-auth-toml-http-basic-password',
    '# ~/.config/pypoetry/auth.toml\n[http-basic.acme]\nusername = "ci"\npassword = "«{a14}!{a6}»"',
  ],
  ['dsl82-poetry-config-pypi-token-cli', '$ poetry config pypi-token.pypi «pypi-AgEIcHlwaS5vcmcC{B140}»\n$ poetry publish --build'],
  [
    'dsl82-pyproject-poetry-source-url-credentials',
    '[[tool.poetry.source]]\nname = "acme"\nurl = "https://ci:«{a20}»@pypi.acme.io/simple/"\npriority = "supplemental"',
  ],
  [
    'dsl82-pip-conf-codeartifact-index-url-token',
    '# ~/.config/pip/pip.conf\n[global]\nindex-url = https://aws:«eyJ2ZXIiOjEsImlzdSI6{B200}»@acme-{d12}.d.codeartifact.eu-west-1.amazonaws.com/pypi/internal/simple/\ntimeout = 60',
  ],
  [
    'dsl82-pip-conf-extra-index-gitlab-token',
    '[global]\nextra-index-url = https://__token__:«glpat-{B20}»@gitlab.acme.io/api/v4/projects/{d3}/packages/pypi/simple\ndisable-pip-version-check = true',
  ],
  [
    'dsl82-pyproject-uv-index-oauth2-access-token',
    '[[tool.uv.index]]\nname = "acme"\nurl = "https://oauth2accesstoken:«ya29.{B120}»@europe-python.pkg.dev/acme/py/simple/"\nexplicit = true',
  ],
  [
    'dsl82-netlify-toml-build-environment-algolia-admin',
    '[build]\n  command = "hugo --gc --minify"\n  publish = "public"\n\n[build.environment]\n  HUGO_VERSION = "0.134.2"\n  ALGOLIA_APP_ID = "{U10}"\n  ALGOLIA_ADMIN_KEY = "«{h32}»"',
  ],
  [
    'dsl82-rust-service-config-toml-db-and-jwt',
    '# config/prod.toml\n[database]\nurl = "postgres://svc:«{a18}»@db.internal:5432/svc"\nmax_connections = 20\n\n[jwt]\nsecret = "«{a48}»"\nttl_seconds = 3600',
  ],
  [
    'dsl82-cargo-toml-git-dependency-oauth2-token',
    '[dependencies]\nserde = { version = "1", features = ["derive"] }\nacme-proto = { git = "https://oauth2:«glpat-{B20}»@gitlab.acme.io/platform/proto.git", tag = "v0.9.1" }',
  ],
  [
    'dsl82-spring-application-properties-datasource-and-mail',
    'spring.datasource.url=jdbc:postgresql://db.internal:5432/orders\nspring.datasource.username=orders\nspring.datasource.password=«{a14}!{a6}»\nspring.mail.host=smtp.sendgrid.net\nspring.mail.username=apikey\nspring.mail.password=«SG.{B22}.{B43}»',
  ],
  [
    'dsl82-kafka-client-properties-plain-jaas',
    'bootstrap.servers=pkc-{l5}.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{u16}" password="«{a64}»";',
  ],
  ['dsl82-android-local-properties-maps-api-key', 'sdk.dir=/Users/mira/Library/Android/sdk\nMAPS_API_KEY=«AIza{B35}»'],
  [
    'dsl82-datomic-transactor-properties-sql-password',
    'protocol=sql\nhost=0.0.0.0\nport=4334\nsql-url=jdbc:postgresql://pg.internal:5432/datomic\nsql-user=datomic\nsql-password=«{a20}»',
  ],
  [
    'dsl82-quarkus-properties-datasource-and-oidc-secret',
    'quarkus.datasource.db-kind=postgresql\nquarkus.datasource.username=ledger\nquarkus.datasource.password=«{a12}*{a6}»\nquarkus.oidc.auth-server-url=https://sso.acme.io/realms/acme\nquarkus.oidc.client-id=ledger-api\nquarkus.oidc.credentials.secret=«{a32}»',
  ],
  [
    'dsl82-log4j2-properties-smtp-appender-password',
    'appender.smtp.type = SMTP\nappender.smtp.name = Mail\nappender.smtp.smtpHost = smtp.office365.com\nappender.smtp.smtpUsername = alerts@acme.io\nappender.smtp.smtpPassword = «{a16}»',
  ],
  [
    'dsl82-liquibase-properties-colon-separator-password',
    'changeLogFile: db/changelog/db.changelog-master.yaml\nurl: jdbc:mysql://mysql.internal:3306/crm\nusername: liquibase\npassword: «{a18}»',
  ],
  [
    'dsl82-sonar-project-properties-login-token',
    'sonar.projectKey=acme_storefront\nsonar.sources=src\nsonar.host.url=https://sonar.acme.io\nsonar.login=«squ_{h40}»',
  ],
];

export const BLIND82_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'dsl82-nix-fetchurl-nix32-sha256',
    '  src = fetchurl {\n    url = "https://github.com/acme/tool/releases/download/v1.{d2}.0/tool-linux-amd64.tar.gz";\n    sha256 = "{l52}";\n  };',
  ],
  [
    'dsl82-nix-fetchfromgithub-rev-sri-and-vendorhash',
    '  src = fetchFromGitHub {\n    owner = "acme";\n    repo = "ledger-cli";\n    rev = "{h40}";\n    hash = "sha256-{b43}=";\n  };\n  vendorHash = "sha256-{b43}=";',
  ],
  [
    'dsl82-nix-agenix-path-grafana-file-provider',
    '  age.secrets.grafana-admin = {\n    file = ../secrets/grafana-admin.age;\n    owner = "grafana";\n  };\n  services.grafana.settings.security.admin_password = "$__file{${config.age.secrets.grafana-admin.path}}";',
  ],
  [
    'dsl82-nix-sops-nix-secret-path-passwordfile',
    '  sops.defaultSopsFile = ./secrets/prod.yaml;\n  sops.age.keyFile = "/var/lib/sops-nix/key.txt";\n  sops.secrets."restic/password" = { };\n  services.restic.backups.nas.passwordFile = config.sops.secrets."restic/password".path;',
  ],
  [
    'dsl82-sops-yaml-enc-values-and-age-recipient',
    'restic:\n    password: ENC[AES256_GCM,data:{b24},iv:{b43}=,tag:{b22}==,type:str]\nsops:\n    age:\n        - recipient: age1{k58}\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            {b64}\n            {b40}\n            -----END AGE ENCRYPTED FILE-----\n    lastmodified: "2024-09-14T08:12:55Z"\n    mac: ENC[AES256_GCM,data:{b86}==,iv:{b43}=,tag:{b22}==,type:str]\n    version: 3.9.0',
  ],
  [
    'dsl82-nix-flake-lock-narhash-rev',
    '    "nixpkgs": {\n      "locked": {\n        "lastModified": 1726{d6},\n        "narHash": "sha256-{b43}=",\n        "owner": "NixOS",\n        "repo": "nixpkgs",\n        "rev": "{h40}",\n        "type": "github"\n      },',
  ],
  [
    'dsl82-agenix-secrets-nix-ssh-public-keys',
    'let\n  mira = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} mira@thinkpad";\n  nas = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} root@nas";\nin\n{\n  "grafana-admin.age".publicKeys = [ mira nas ];\n  "restic-password.age".publicKeys = [ mira nas ];\n}',
  ],
  [
    'dsl82-nix-wg-quick-public-key-and-key-files',
    '  networking.wg-quick.interfaces.wg0 = {\n    address = [ "10.100.0.2/24" ];\n    privateKeyFile = config.age.secrets.wg-key.path;\n    peers = [{\n      publicKey = "{b43}=";\n      presharedKeyFile = "/run/agenix/wg-psk";\n      allowedIPs = [ "0.0.0.0/0" ];\n      endpoint = "vpn.kowalski.dev:51820";\n    }];\n  };',
  ],
  [
    'dsl82-nix-settings-trusted-public-keys-netrc-file',
    '  nix.settings = {\n    substituters = [ "https://cache.nixos.org" "https://nix-community.cachix.org" "https://cache.kowalski.dev" ];\n    trusted-public-keys = [\n      "cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY="\n      "nix-community.cachix.org-1:mB9FSh9qf2dCimDSUo8Zy7bkq5CX+/rkCWyvRCYg3Fs="\n      "cache.kowalski.dev-1:{b43}="\n    ];\n    netrc-file = "/etc/nix/netrc";\n  };',
  ],
  [
    'dsl82-nix-build-npm-and-rust-dep-hashes',
    '  dashboard = buildNpmPackage {\n    pname = "dashboard";\n    version = "2.3.1";\n    src = ./dashboard;\n    npmDepsHash = "sha256-{b43}=";\n  };\n  api = rustPlatform.buildRustPackage { pname = "api"; version = "0.8.0"; src = ./api; cargoHash = "sha256-{b43}="; };',
  ],
  [
    'dsl82-nix-dockertools-pullimage-digest',
    '  postgresImage = dockerTools.pullImage {\n    imageName = "postgres";\n    imageDigest = "sha256:{h64}";\n    sha256 = "{l52}";\n    finalImageTag = "16.4";\n  };',
  ],
  [
    'dsl82-home-manager-email-password-command',
    '  accounts.email.accounts.work = {\n    primary = true;\n    address = "mira@acme.io";\n    userName = "mira@acme.io";\n    passwordCommand = "pass show mail/acme";\n    imap.host = "imap.fastmail.com";\n    smtp.host = "smtp.fastmail.com";\n  };',
  ],
  [
    'dsl82-nix-hash-to-sri-and-prefetch',
    "$ nix-prefetch-url https://github.com/acme/tool/archive/v1.2.0.tar.gz\npath is '/nix/store/{l32}-v1.2.0.tar.gz'\n{l52}\n$ nix hash convert --hash-algo sha256 --to sri {l52}\nsha256-{b43}=",
  ],
  [
    'dsl82-nix-derivation-show-outputs',
    '$ nix derivation show nixpkgs#hello | jq \'.[].outputs\'\n{\n  "out": {\n    "path": "/nix/store/{l32}-hello-2.12.1"\n  }\n}\n$ nix path-info --json nixpkgs#hello | jq -r \'.[].narHash\'\nsha256-{b43}=',
  ],
  [
    'dsl82-dhall-remote-import-integrity-and-env-import',
    'let Prelude =\n      https://prelude.dhall-lang.org/v23.0.0/package.dhall\n        sha256:{h64}\n\nlet token = env:GITHUB_TOKEN as Text\n\nin  { github = { token, org = "acme" } }',
  ],
  [
    'dsl82-cue-tag-injected-token',
    'package deploy\n\n// cue export -t token=$GH_TOKEN ./deploy\ntoken:    string @tag(token)\nregistry: "ghcr.io"',
  ],
  [
    'dsl82-cue-dagger-secret-and-site-id',
    'client: env: {\n\tNETLIFY_AUTH_TOKEN: dagger.#Secret\n\tNETLIFY_SITE_ID:    "{h8}-{h4}-4{h3}-8{h3}-{h12}"\n}',
  ],
  [
    'dsl82-cue-regex-constraint-for-key-shape',
    '#Stripe: {\n\tsecretKey:      =~"^sk_(live|test)_[A-Za-z0-9]{24,}$"\n\tpublishableKey: =~"^pk_(live|test)_[A-Za-z0-9]{24,}$"\n}',
  ],
  [
    'dsl82-jsonnet-std-extvar-token',
    "local token = std.extVar('GRAFANA_TOKEN');\n{\n  grafana: { url: 'https://grafana.acme.io', token: token },\n}",
  ],
  [
    'dsl82-jsonnetfile-lock-version-sum',
    '{\n  "version": 1,\n  "dependencies": [\n    {\n      "source": { "git": { "remote": "https://github.com/grafana/jsonnet-libs.git", "subdir": "ksonnet-util" } },\n      "version": "{h40}",\n      "sum": "{b43}="\n    }\n  ]\n}',
  ],
  [
    'dsl82-jsonnet-grafana-datasource-uid',
    "panel.new('Request rate')\n+ panel.queryOptions.withDatasource('prometheus', 'P{H15}')\n+ panel.standardOptions.withUnit('reqps')\n+ { gridPos: { h: 8, w: 12, x: 0, y: 0 }, id: 4 }",
  ],
  [
    'dsl82-pkl-read-env-references',
    'database {\n  host = "db.prod.internal"\n  password = read("env:DB_PASSWORD")\n}\napiKey = read?("env:API_KEY") ?? ""',
  ],
  [
    'dsl82-kcl-mod-lock-sum',
    '[dependencies]\n  [dependencies.k8s]\n    name = "k8s"\n    full_name = "k8s_1.31.2"\n    version = "1.31.2"\n    sum = "{b43}="\n    reg = "ghcr.io"\n    repo = "kcl-lang/k8s"\n    oci_tag = "1.31.2"',
  ],
  [
    'dsl82-terraform-lock-hcl-provider-hashes',
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.67.0"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:{b43}=",\n    "zh:{h64}",\n    "zh:{h64}",\n  ]\n}',
  ],
  [
    'dsl82-tf-variable-sensitive-without-default',
    'variable "db_password" {\n  type        = string\n  sensitive   = true\n  description = "Master password; supplied via TF_VAR_db_password"\n}',
  ],
  [
    'dsl82-tf-data-vault-kv-reference',
    'data "vault_kv_secret_v2" "stripe" {\n  mount = "kv"\n  name  = "payments/stripe"\n}\n\nlocals {\n  stripe_key = data.vault_kv_secret_v2.stripe.data["secret_key"]\n}',
  ],
  [
    'dsl82-tf-secretsmanager-arn-suffix',
    'data "aws_secretsmanager_secret_version" "db" {\n  secret_id = "arn:aws:secretsmanager:eu-west-1:{d12}:secret:prod/orders/db-{a6}"\n}',
  ],
  [
    'dsl82-tf-output-sensitive-masked',
    '$ terraform output\ndb_endpoint = "orders.c{l12}.eu-west-1.rds.amazonaws.com:5432"\ndb_password = <sensitive>\nkms_key_id = "{h8}-{h4}-{h4}-{h4}-{h12}"',
  ],
  [
    'dsl82-tf-plan-sensitive-value-resource-id',
    '  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {\n        id       = "db-{u26}"\n      ~ password = (sensitive value)\n        # (52 unchanged attributes hidden)\n    }',
  ],
  [
    'dsl82-nomad-template-vault-and-nomadvar-refs',
    '      template {\n        data = <<EOH\n{{ with secret "kv/data/billing/db" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}\n{{ with nomadVar "nomad/jobs/billing" }}STRIPE_API_KEY={{ .stripe_key }}{{ end }}\nEOH\n        destination = "secrets/app.env"\n        env         = true\n      }',
  ],
  [
    'dsl82-nomad-job-status-alloc-ids',
    '$ nomad job status billing-worker\nID            = billing-worker\nStatus        = running\n\nAllocations\nID        Node ID   Task Group  Version  Desired  Status   Created  Modified\n{h8}  {h8}  worker      4        run      running  2h ago   2h ago\n$ nomad alloc logs {h8}-{h4}-{h4}-{h4}-{h12} app',
  ],
  [
    'dsl82-packer-vault-and-env-functions',
    'locals {\n  winrm_password = vault("/secret/data/packer/windows", "password")\n  aws_access_key = env("AWS_ACCESS_KEY_ID")\n}',
  ],
  [
    'dsl82-packer-iso-checksum-and-manifest',
    '{\n  "builds": [\n    {\n      "name": "ubuntu",\n      "builder_type": "amazon-ebs",\n      "artifact_id": "eu-west-1:ami-{h17}",\n      "packer_run_uuid": "{h8}-{h4}-{h4}-{h4}-{h12}"\n    }\n  ],\n  "last_run_uuid": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'dsl82-consul-acl-token-list-accessor-ids',
    '$ consul acl token list -format=json | jq -r \'.[] | "\\(.AccessorID) \\(.Description)"\'\n{h8}-{h4}-{h4}-{h4}-{h12} Bootstrap Token (Global Management)\n{h8}-{h4}-{h4}-{h4}-{h12} nomad-client\n00000000-0000-0000-0000-000000000002 Anonymous Token',
  ],
  [
    'dsl82-consul-connect-spiffe-trust-domain',
    'URI SAN: spiffe://{h8}-{h4}-{h4}-{h4}-{h12}.consul/ns/default/dc/fra1/svc/payments\nSerial: {h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}',
  ],
  [
    'dsl82-bazel-http-archive-sha256',
    'http_archive(\n    name = "rules_go",\n    sha256 = "{h64}",\n    urls = ["https://github.com/bazel-contrib/rules_go/releases/download/v0.50.1/rules_go-v0.50.1.zip"],\n)',
  ],
  [
    'dsl82-module-bazel-lock-digests',
    '  "registryFileHashes": {\n    "https://bcr.bazel.build/modules/abseil-cpp/20240116.2/MODULE.bazel": "{h64}",\n    "https://bcr.bazel.build/modules/abseil-cpp/20240116.2/source.json": "{h64}"\n  },\n  "moduleExtensions": {\n    "@@rules_oci~//oci:extensions.bzl%oci": { "general": { "bzlTransitiveDigest": "{b43}=", "usagesDigest": "{b43}=" } }\n  }',
  ],
  [
    'dsl82-bazelrc-credential-helper-no-secret',
    'build --credential_helper=*.buildbuddy.io=%workspace%/tools/credential-helper.sh\nbuild --remote_cache=grpcs://remote.buildbuddy.io\ntry-import %workspace%/user.bazelrc',
  ],
  [
    'dsl82-bazel-oci-pull-digest',
    'oci.pull(\n    name = "distroless_base",\n    digest = "sha256:{h64}",\n    image = "gcr.io/distroless/base",\n    platforms = ["linux/amd64", "linux/arm64"],\n)',
  ],
  [
    'dsl82-elixir-runtime-exs-get-env-raise',
    'if config_env() == :prod do\n  secret_key_base =\n    System.get_env("SECRET_KEY_BASE") ||\n      raise "environment variable SECRET_KEY_BASE is missing (mix phx.gen.secret)"\n\n  config :my_app, MyAppWeb.Endpoint, secret_key_base: secret_key_base\nend',
  ],
  [
    'dsl82-elixir-mix-lock-hex-checksums',
    '%{\n  "phoenix": {:hex, :phoenix, "1.7.14", "{h64}", [:mix], [{:castore, ">= 0.0.0", [hex: :castore, repo: "hexpm", optional: false]}], "hexpm", "{h64}"},\n  "plug_crypto": {:hex, :plug_crypto, "2.1.0", "{h64}", [:mix], [], "hexpm", "{h64}"},\n}',
  ],
  [
    'dsl82-elixir-test-exs-default-postgres-password',
    'config :my_app, MyApp.Repo,\n  username: "postgres",\n  password: "postgres",\n  hostname: "localhost",\n  database: "my_app_test#{System.get_env("MIX_TEST_PARTITION")}",\n  pool: Ecto.Adapters.SQL.Sandbox',
  ],
  [
    'dsl82-elixir-ex-aws-system-tuples',
    'config :ex_aws,\n  access_key_id: [{:system, "AWS_ACCESS_KEY_ID"}, :instance_role],\n  secret_access_key: [{:system, "AWS_SECRET_ACCESS_KEY"}, :instance_role],\n  region: "eu-west-1"',
  ],
  [
    'dsl82-erlang-sys-config-env-tuple-and-vm-args-var',
    '%% config/sys.config.src\n[{my_app, [{db_password, {env, "DB_PASSWORD"}},\n           {cookie_file, "/run/secrets/erlang.cookie"}]}].\n%% config/vm.args.src\n-setcookie ${RELEASE_COOKIE}',
  ],
  [
    'dsl82-rebar-lock-pkg-hashes',
    '{pkg_hash,[\n {<<"cowboy">>, <<"{H64}">>},\n {<<"cowlib">>, <<"{H64}">>},\n {<<"ranch">>, <<"{H64}">>}]}.',
  ],
  [
    'dsl82-lein-deploy-repositories-env-keywords',
    '  :deploy-repositories [["clojars" {:url "https://repo.clojars.org"\n                                     :username :env/clojars_username\n                                     :password :env/clojars_password\n                                     :sign-releases false}]]',
  ],
  [
    'dsl82-deps-edn-git-sha-coordinates',
    '{:deps {io.github.acme/ledger {:git/tag "v0.4.2" :git/sha "{h7}"}\n        io.github.acme/schemas {:git/url "https://github.com/acme/schemas.git"\n                                :git/sha "{h40}"}}}',
  ],
  [
    'dsl82-clojure-system-getenv-or-throw',
    '(def api-key\n  (or (System/getenv "OPENAI_API_KEY")\n      (throw (ex-info "OPENAI_API_KEY not set" {:hint "export it or use direnv"}))))',
  ],
  [
    'dsl82-hocon-env-substitution-and-play-default',
    'db.default.password = ${?DB_PASSWORD}\nplay.http.secret.key = "changeme"\nplay.http.secret.key = ${?APPLICATION_SECRET}',
  ],
  [
    'dsl82-sbt-credentials-from-env-and-file',
    'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\ncredentials += Credentials(\n  "Sonatype Nexus Repository Manager",\n  "s01.oss.sonatype.org",\n  sys.env.getOrElse("SONATYPE_USERNAME", ""),\n  sys.env.getOrElse("SONATYPE_PASSWORD", "")\n)',
  ],
  [
    'dsl82-gradle-kts-providers-signing-refs',
    'signing {\n    val signingKey = providers.environmentVariable("SIGNING_KEY")\n    val signingPassword = providers.gradleProperty("signingPassword")\n    useInMemoryPgpKeys(signingKey.orNull, signingPassword.orNull)\n    sign(publishing.publications)\n}',
  ],
  [
    'dsl82-gradle-wrapper-properties-sha256',
    'distributionBase=GRADLE_USER_HOME\ndistributionPath=wrapper/dists\ndistributionUrl=https\\://services.gradle.org/distributions/gradle-8.10.2-bin.zip\ndistributionSha256Sum={h64}\nzipStorePath=wrapper/dists',
  ],
  [
    'dsl82-gradle-verification-metadata-sha256',
    '<component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">\n   <artifact name="okhttp-4.12.0.jar">\n      <sha256 value="{h64}" origin="Generated by Gradle"/>\n   </artifact>\n</component>',
  ],
  [
    'dsl82-openresty-redis-auth-os-getenv',
    'env REDIS_PASSWORD;\n# ...\nlocal red = redis:new()\nlocal ok, err = red:auth(os.getenv("REDIS_PASSWORD"))',
  ],
  [
    'dsl82-lazy-lock-json-commits',
    '{\n  "lazy.nvim": { "branch": "main", "commit": "{h40}" },\n  "nvim-treesitter": { "branch": "master", "commit": "{h40}" },\n  "telescope.nvim": { "branch": "master", "commit": "{h40}" }\n}',
  ],
  [
    'dsl82-perl-dbi-connect-env-vars',
    'my $dbh = DBI->connect($ENV{DSN}, $ENV{DB_USER}, $ENV{DB_PASS},\n    { RaiseError => 1, AutoCommit => 1 }) or die $DBI::errstr;',
  ],
  [
    'dsl82-r-keyring-key-get-and-sys-getenv',
    'con <- DBI::dbConnect(\n  RPostgres::Postgres(),\n  host = "warehouse.internal",\n  user = "analyst",\n  password = keyring::key_get("warehouse", "analyst")\n)\ngh_pat <- Sys.getenv("GITHUB_PAT")',
  ],
  [
    'dsl82-renv-lock-package-hash',
    '    "dplyr": {\n      "Package": "dplyr",\n      "Version": "1.1.4",\n      "Source": "Repository",\n      "Repository": "CRAN",\n      "Hash": "{h32}"\n    },',
  ],
  [
    'dsl82-julia-manifest-git-tree-sha1',
    '[[deps.HTTP]]\ndeps = ["Base64", "CodecZlib", "ConcurrentUtilities", "Dates"]\ngit-tree-sha1 = "{h40}"\nuuid = "cd3eb016-35fb-5094-929b-558a96fad6f3"\nversion = "1.10.8"',
  ],
  [
    'dsl82-powershell-get-credential-and-get-secret',
    "$cred = Get-Credential -UserName 'CORP\\svc-sql' -Message 'SQL service account'\n$apiKey = Get-Secret -Name 'PagerDutyKey' -Vault 'SecretStore' -AsPlainText",
  ],
  [
    'dsl82-dsc-configdata-certificate-thumbprint',
    "$ConfigData = @{\n    AllNodes = @(\n        @{ NodeName = 'web01'; CertificateFile = 'C:\\dsc\\web01.cer'; Thumbprint = '{H40}' }\n    )\n}",
  ],
  [
    'dsl82-powershell-get-filehash-output',
    'PS> Get-FileHash .\\AcmeAgent-3.2.1.msi -Algorithm SHA256\n\nAlgorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          {H64}       C:\\Users\\mira\\Downloads\\AcmeAgent-3.2.1.msi',
  ],
  [
    'dsl82-hiera-eyaml-pkcs7-encrypted',
    'profile::db::password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEwDQYJKoZIhvcNAQEBBQAEggEA{b160}]',
  ],
  [
    'dsl82-puppet-lookup-sensitive-and-deferred',
    "$db_password = lookup('profile::db::password', Sensitive)\n$api_token = Deferred('vault_lookup::lookup', ['secret/data/puppet/api', 'https://vault.acme.io:8200'])\nclass { 'postgresql::server': postgres_password => $db_password }",
  ],
  [
    'dsl82-chef-encrypted-data-bag-item',
    '{\n  "id": "mysql",\n  "root_password": {\n    "encrypted_data": "{b64}\\n",\n    "iv": "{b16}\\n",\n    "auth_tag": "{b22}==\\n",\n    "version": 3,\n    "cipher": "aes-256-gcm"\n  }\n}',
  ],
  [
    'dsl82-chef-policyfile-lock-identifiers',
    '{\n  "revision_id": "{h64}",\n  "name": "storefront",\n  "cookbook_locks": {\n    "nginx": {\n      "version": "12.2.0",\n      "identifier": "{h40}",\n      "dotted_decimal_identifier": "{d16}.{d16}.{d15}"\n    }\n  }\n}',
  ],
  [
    'dsl82-salt-pillar-sdb-and-gpg-renderer',
    "#!jinja|yaml|gpg\nmysql:\n  root_password: {{ salt['sdb.get']('sdb://myvault/secret/mysql?root_password') }}\n  repl_password: |\n    -----BEGIN PGP MESSAGE-----\n\n    {b64}\n    {b64}\n    ={b4}\n    -----END PGP MESSAGE-----",
  ],
  [
    'dsl82-ansible-lookup-env-and-hashi-vault',
    "db_password: \"{{ lookup('env', 'DB_PASSWORD') }}\"\napi_token: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/ci:token') }}\"\nansible_become_password: \"{{ vault_become_password }}\"",
  ],
  [
    'dsl82-systemd-load-and-encrypted-credentials',
    '[Service]\nLoadCredential=db-password:/etc/credstore/db-password\nSetCredentialEncrypted=smtp-pass: \\\n        {b70} \\\n        {b70}\nExecStart=/usr/local/bin/mailer --password-file=${CREDENTIALS_DIRECTORY}/smtp-pass',
  ],
  [
    'dsl82-journalctl-verbose-boot-and-invocation-ids',
    "$ journalctl -u restic-backups-b2 -o verbose -n 1 | grep -E '_BOOT_ID|_MACHINE_ID|INVOCATION_ID'\n    _BOOT_ID={h32}\n    _MACHINE_ID={h32}\n    _SYSTEMD_INVOCATION_ID={h32}",
  ],
  [
    'dsl82-launchd-plist-token-file-argument',
    '<key>Label</key>\n<string>com.acme.sync-agent</string>\n<key>ProgramArguments</key>\n<array>\n    <string>/usr/local/bin/sync-agent</string>\n    <string>--token-file</string>\n    <string>/Users/mira/.config/sync/token</string>\n</array>',
  ],
  [
    'dsl82-reg-file-clsid-and-binary-settings',
    '[HKEY_CLASSES_ROOT\\CLSID\\{{H8}-{H4}-{H4}-{H4}-{H12}}\\InprocServer32]\n@="C:\\\\Program Files\\\\Acme\\\\AcmeShellExt.dll"\n"ThreadingModel"="Apartment"\n\n[HKEY_CURRENT_USER\\Software\\Acme\\Viewer]\n"WindowPlacement"=hex:2c,00,00,00,00,00,00,00,01,00,00,00,{h2},{h2},ff,ff',
  ],
  [
    'dsl82-my-cnf-no-password-mylogin-note',
    '[client]\nuser=backup\n# password lives in ~/.mylogin.cnf (mysql_config_editor set --login-path=backup)\nsocket=/var/run/mysqld/mysqld.sock\n\n[mysqld]\nserver-id=3\ngtid_mode=ON',
  ],
  [
    'dsl82-pypirc-keyring-backed-token',
    '[pypi]\nusername = __token__\n# password resolved by keyring:\n#   keyring set https://upload.pypi.org/legacy/ __token__',
  ],
  [
    'dsl82-npmrc-env-var-auth-tokens',
    '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN}\nengine-strict=true',
  ],
  [
    'dsl82-gemfile-lock-checksums',
    'CHECKSUMS\n  rack (3.1.7) sha256={h64}\n  rails (7.2.1) sha256={h64}\n  zeitwerk (2.6.18) sha256={h64}',
  ],
  [
    'dsl82-cargo-lock-package-checksum',
    '[[package]]\nname = "serde"\nversion = "1.0.210"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{h64}"\ndependencies = [\n "serde_derive",\n]',
  ],
  [
    'dsl82-poetry-lock-file-hashes-content-hash',
    '[[package]]\nname = "requests"\nversion = "2.32.3"\nfiles = [\n    {file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:{h64}"},\n]\n\n[metadata]\nlock-version = "2.0"\ncontent-hash = "{h64}"',
  ],
  [
    'dsl82-cargo-config-credential-provider',
    '[registry]\nglobal-credential-providers = ["cargo:token", "cargo:libsecret"]\n\n[registries.acme]\nindex = "sparse+https://crates.acme.io/index/"\ncredential-provider = "cargo:token-from-stdout op read op://Dev/crates-acme/token"',
  ],
  [
    'dsl82-uv-lock-sdist-hash-and-url',
    '[[package]]\nname = "httpx"\nversion = "0.27.2"\nsource = { registry = "https://pypi.org/simple" }\nsdist = { url = "https://files.pythonhosted.org/packages/{h2}/{h2}/{h60}/httpx-0.27.2.tar.gz", hash = "sha256:{h64}", size = 144189 }',
  ],
  [
    'dsl82-properties-jasypt-enc-values',
    'spring.datasource.password=ENC({b44})\nspring.mail.password=ENC({b64})\njasypt.encryptor.password=${JASYPT_ENCRYPTOR_PASSWORD}',
  ],
  [
    'dsl82-properties-env-placeholders',
    'spring.datasource.password=${DB_PASSWORD}\nspring.mail.password=${SMTP_PASSWORD:}\nquarkus.oidc.credentials.secret=${OIDC_SECRET}\nsonar.token=${env.SONAR_TOKEN}',
  ],
  [
    'dsl82-kafka-properties-config-provider-ref',
    'config.providers=file\nconfig.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\nsasl.mechanism=OAUTHBEARER\nsasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="kafka-etl" clientSecret="${file:/etc/kafka/secrets.properties:client_secret}";',
  ],
  [
    'dsl82-git-properties-build-info',
    'git.branch=main\ngit.build.version=3.4.1\ngit.commit.id={h40}\ngit.commit.id.abbrev={h7}\ngit.commit.time=2024-09-30T14\\:02\\:11Z',
  ],
  [
    'dsl82-ini-placeholder-values-docs',
    '; copy to odbc.ini and fill in\n[SnowflakeProd]\nUID=<your-user>\nPWD=<your-password>\nWarehouse=ETL_WH',
  ],
];
